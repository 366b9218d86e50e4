<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name />
        <message>
            <source>{0}, record {1}</source>
            <translation>{0} 第 {1} 局</translation>
        </message>
        <message>
            <source>{0}, game {1}</source>
            <translation>{0} 第 {1} 局</translation>
        </message>
        <message>
            <source>{0}, game {1}, move {2}</source>
            <translation>{0} 第 {1} 局第 {2} 回合</translation>
        </message>
    </context>
    <context>
        <name>Accessibility</name>
        <message>
            <source>Board</source>
            <translation>棋盘</translation>
        </message>
        <message>
            <source>Move input</source>
            <translation>着法输入</translation>
        </message>
        <message>
            <source>Moves</source>
            <translation>着法列表</translation>
        </message>
        <message>
            <source>Engine</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>Engine lines</source>
            <translation>引擎思考</translation>
        </message>
        <message>
            <source>Clocks</source>
            <translation>棋钟</translation>
        </message>
        <message>
            <source>Red's clock</source>
            <translation>红方棋钟</translation>
        </message>
        <message>
            <source>Black's clock</source>
            <translation>黑方棋钟</translation>
        </message>
        <message>
            <source>T&amp;ype a move</source>
            <translation>输入着法(&amp;Y)</translation>
        </message>
        <message>
            <source>Move on the &amp;board with the keyboard</source>
            <translation>用键盘在棋盘上走棋(&amp;B)</translation>
        </message>
        <message>
            <source>Board cursor: the arrow keys move it, Enter or Space picks up a piece and puts it down, Esc puts it back</source>
            <translation>棋盘光标：方向键移动光标，回车或空格拿起棋子、放下棋子，Esc 放回</translation>
        </message>
    </context>
    <context>
        <name>Analyser</name>
        <message>
            <source>starting…</source>
            <translation>启动中…</translation>
        </message>
        <message>
            <source>paused</source>
            <translation>已暂停</translation>
        </message>
        <message>
            <source>no threat to show: the side to move is in check</source>
            <translation>无威胁可显示：走棋方正被将军</translation>
        </message>
        <message>
            <source>no legal moves</source>
            <translation>无合法着法</translation>
        </message>
        <message>
            <source>every move is excluded</source>
            <translation>所有着法都已排除</translation>
        </message>
        <message>
            <source>stopped: the engine failed</source>
            <translation>已停止：引擎出错</translation>
        </message>
        <message>
            <source>analysing…</source>
            <translation>分析中…</translation>
        </message>
        <message>
            <source>the threat: the other side to move…</source>
            <translation>威胁：假设对方走棋…</translation>
        </message>
        <message>
            <source>not running</source>
            <translation>未运行</translation>
        </message>
    </context>
    <context>
        <name>AnalysisPanel</name>
        <message>
            <source>The engine that analyses (independent of the opponent)</source>
            <translation>用于分析的引擎（与对手无关）</translation>
        </message>
        <message>
            <source>Lines: </source>
            <translation>变例数：</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>暂停</translation>
        </message>
        <message>
            <source>Threat</source>
            <translation>威胁</translation>
        </message>
        <message>
            <source>Show what the other side threatens: the position analysed with the other side to move (X)</source>
            <translation>显示对方的威胁：让对方走棋来分析此局面（X）</translation>
        </message>
        <message>
            <source>Stop analysing</source>
            <translation>停止分析</translation>
        </message>
        <message>
            <source>Depth</source>
            <translation>深度</translation>
        </message>
        <message>
            <source>N/s</source>
            <translation>节点/秒</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>着法</translation>
        </message>
        <message>
            <source>Click a line to play it on the board as a variation; point at a move to see its position; right-click to leave a move out</source>
            <translation>单击一条着法线路可在棋盘上作为变着走出；指向某步棋可预览其局面；右键单击可排除某步棋</translation>
        </message>
        <message>
            <source>Left out: {moves}</source>
            <translation>已排除：{moves}</translation>
        </message>
        <message>
            <source>Leave {move} out of the analysis</source>
            <translation>分析时排除 {move}</translation>
        </message>
        <message>
            <source>Search every move again</source>
            <translation>重新分析全部着法</translation>
        </message>
        <message>
            <source>Resume</source>
            <translation>继续</translation>
        </message>
    </context>
    <context>
        <name>Announce</name>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Red: {0}</source>
            <translation>红方：{0}</translation>
        </message>
        <message>
            <source>Black: {0}</source>
            <translation>黑方：{0}</translation>
        </message>
        <message>
            <source>king</source>
            <translation>将</translation>
        </message>
        <message>
            <source>advisor</source>
            <translation>士</translation>
        </message>
        <message>
            <source>elephant</source>
            <translation>象</translation>
        </message>
        <message>
            <source>horse</source>
            <translation>马</translation>
        </message>
        <message>
            <source>rook</source>
            <translation>车</translation>
        </message>
        <message>
            <source>cannon</source>
            <translation>炮</translation>
        </message>
        <message>
            <source>pawn</source>
            <translation>兵</translation>
        </message>
        <message>
            <source>{0} {1}</source>
            <translation>{0} {1}</translation>
        </message>
        <message>
            <source>{0}, takes {1}</source>
            <translation>{0}，吃{1}</translation>
        </message>
        <message>
            <source>{0}, check</source>
            <translation>{0}，将军</translation>
        </message>
        <message>
            <source>Engine: {0}</source>
            <translation>引擎：{0}</translation>
        </message>
        <message>
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <source>; </source>
            <translation>；</translation>
        </message>
        <message>
            <source>{0} to move</source>
            <translation>{0}走棋</translation>
        </message>
        <message>
            <source>no pieces</source>
            <translation>无棋子</translation>
        </message>
        <message>
            <source>{0}, {1} {2}</source>
            <translation>{0}，{1} {2}</translation>
        </message>
        <message>
            <source>{0}, empty</source>
            <translation>{0}，空</translation>
        </message>
        <message>
            <source>Picked up {0}</source>
            <translation>拿起 {0}</translation>
        </message>
        <message>
            <source>{0} cannot move there</source>
            <translation>{0} 不能这样走</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>开局局面</translation>
        </message>
        <message>
            <source>Move {0}: {1}</source>
            <translation>第 {0} 回合：{1}</translation>
        </message>
    </context>
    <context>
        <name>Announcer</name>
        <message>
            <source>Desc&amp;ribe the position</source>
            <translation>朗读局面(&amp;R)</translation>
        </message>
        <message>
            <source>{0}, {1}</source>
            <translation>{0}，{1}</translation>
        </message>
        <message>
            <source>{0} (moving {1})</source>
            <translation>{0}（正在移动 {1}）</translation>
        </message>
        <message>
            <source>Hint: {0}</source>
            <translation>提示：{0}</translation>
        </message>
    </context>
    <context>
        <name>App</name>
        <message>
            <source>Settings problem: {0}</source>
            <translation>设置有问题：{0}</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Some settings could not be used; the defaults were used for them.</source>
            <translation>部分设置无法使用，已改用默认值。</translation>
        </message>
        <message>
            <source>Profile</source>
            <translation>配置</translation>
        </message>
        <message>
            <source>The profile cannot be written, so this window opens read-only: nothing you change is saved.</source>
            <translation>无法写入配置文件夹，本窗口以只读方式打开：所做的更改都不会保存。</translation>
        </message>
    </context>
    <context>
        <name>AppearanceUi</name>
        <message>
            <source>&amp;Settings…</source>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;Manage engines…</source>
            <translation>管理引擎(&amp;M)…</translation>
        </message>
    </context>
    <context>
        <name>BackgroundTask</name>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
    </context>
    <context>
        <name>BookUi</name>
        <message>
            <source>Opening book</source>
            <translation>开局库</translation>
        </message>
        <message>
            <source>&amp;Open book…</source>
            <translation>打开开局库(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Build from files…</source>
            <translation>从棋谱文件生成(&amp;B)…</translation>
        </message>
        <message>
            <source>Build from a &amp;folder…</source>
            <translation>从文件夹生成(&amp;F)…</translation>
        </message>
        <message>
            <source>&amp;Close book</source>
            <translation>关闭开局库(&amp;C)</translation>
        </message>
        <message>
            <source>Show the &amp;explorer</source>
            <translation>显示开局浏览器(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Book</source>
            <translation>开局库(&amp;B)</translation>
        </message>
        <message>
            <source>Engines play boo&amp;k moves</source>
            <translation>引擎走开局库着法(&amp;K)</translation>
        </message>
        <message>
            <source>Off</source>
            <translation>关闭</translation>
        </message>
        <message>
            <source>The first {0} plies</source>
            <translation>前 {0} 步（半回合）</translation>
        </message>
        <message>
            <source>Cannot open the book</source>
            <translation>无法打开开局库</translation>
        </message>
        <message>
            <source>Opening book: {0} ({1} games)</source>
            <translation>开局库：{0}（{1} 局）</translation>
        </message>
        <message>
            <source>A book move is played at the game's own position, on your turn</source>
            <translation>开局库着法只能在对局当前局面、轮到你走时走</translation>
        </message>
        <message>
            <source>Open an opening book</source>
            <translation>打开开局库</translation>
        </message>
        <message>
            <source>Opening books (*.book)</source>
            <translation>开局库 (*.book)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>Build a book: choose game records</source>
            <translation>生成开局库：选择棋谱文件</translation>
        </message>
        <message>
            <source>Build a book: choose a folder of game records</source>
            <translation>生成开局库：选择棋谱文件夹</translation>
        </message>
        <message>
            <source>Save the opening book as</source>
            <translation>开局库另存为</translation>
        </message>
        <message>
            <source>Reading the games…</source>
            <translation>正在读取棋谱…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Building the opening book</source>
            <translation>正在生成开局库</translation>
        </message>
        <message>
            <source>The book could not be written</source>
            <translation>无法写入开局库</translation>
        </message>
        <message>
            <source>File {0} of {1}: {2} games read</source>
            <translation>第 {0}/{1} 个文件：已读 {2} 局</translation>
        </message>
        <message>
            <source>Building the book was cancelled</source>
            <translation>已取消生成开局库</translation>
        </message>
        <message>
            <source>{0} games, {1} positions.</source>
            <translation>{0} 局，{1} 个局面。</translation>
        </message>
        <message>
            <source>{0} games or files could not be read and were skipped.</source>
            <translation>{0} 局或文件无法读取，已跳过。</translation>
        </message>
        <message>
            <source>Opening book built</source>
            <translation>开局库已生成</translation>
        </message>
    </context>
    <context>
        <name>CardWords</name>
        <message>
            <source>Opening drill: {0}, move {1}</source>
            <translation>开局练习：{0}，第 {1} 回合</translation>
        </message>
        <message>
            <source>Opening drill: move {0}</source>
            <translation>开局练习：第 {0} 回合</translation>
        </message>
    </context>
    <context>
        <name>ChallengeChooser</name>
        <message>
            <source>Endgame challenge</source>
            <translation>残局挑战</translation>
        </message>
        <message>
            <source>Open a record file of endgames (e.g. CCPD's endgame file or the classic Seven Stars Gathering), take the position on the board, or paste a FEN.</source>
            <translation>打开残局棋谱文件（如 CCPD 的《殘局》或《七星聚会》），取棋盘上的局面，或粘贴 FEN。</translation>
        </message>
        <message>
            <source>Position</source>
            <translation>局面</translation>
        </message>
        <message>
            <source>Goal</source>
            <translation>目标</translation>
        </message>
        <message>
            <source>Attempts</source>
            <translation>尝试次数</translation>
        </message>
        <message>
            <source>Best result</source>
            <translation>最佳结果</translation>
        </message>
        <message>
            <source>Filter by title</source>
            <translation>按标题筛选</translation>
        </message>
        <message>
            <source>&amp;Start the challenge</source>
            <translation>开始挑战(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Open file…</source>
            <translation>打开文件(&amp;O)…</translation>
        </message>
        <message>
            <source>Position on the &amp;board</source>
            <translation>棋盘上的局面(&amp;B)</translation>
        </message>
        <message>
            <source>FEN of a position</source>
            <translation>局面的 FEN</translation>
        </message>
        <message>
            <source>&amp;FEN:</source>
            <translation>FEN(&amp;F)：</translation>
        </message>
        <message>
            <source>&amp;Add</source>
            <translation>添加(&amp;A)</translation>
        </message>
        <message>
            <source>Goal: {0}</source>
            <translation>目标：{0}</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>win</source>
            <translation>胜</translation>
        </message>
        <message>
            <source>draw (or win)</source>
            <translation>和（或胜）</translation>
        </message>
        <message>
            <source>&amp;Your side and goal:</source>
            <translation>你执哪方与目标(&amp;Y)：</translation>
        </message>
        <message>
            <source>&amp;Opponent:</source>
            <translation>对手(&amp;O)：</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Engine &amp;time a move:</source>
            <translation>引擎每步时间(&amp;T)：</translation>
        </message>
        <message>
            <source>Open endgame positions</source>
            <translation>打开残局局面</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在读取 {0}…</translation>
        </message>
        <message>
            <source>{0}: {1} positions</source>
            <translation>{0}：{1} 个局面</translation>
        </message>
        <message>
            <source>{0} records skipped: {1}</source>
            <translation>跳过 {0} 个记录：{1}</translation>
        </message>
        <message>
            <source>The file cannot be read: {0}</source>
            <translation>无法读取文件：{0}</translation>
        </message>
        <message>
            <source>Position on the board</source>
            <translation>棋盘上的局面</translation>
        </message>
        <message>
            <source>board</source>
            <translation>棋盘</translation>
        </message>
        <message>
            <source>Not a position: {0}</source>
            <translation>不是有效局面：{0}</translation>
        </message>
        <message>
            <source>Added: {0}</source>
            <translation>已添加：{0}</translation>
        </message>
    </context>
    <context>
        <name>ChallengeWatch</name>
        <message>
            <source>Endgame challenge: {0} — {1}</source>
            <translation>残局挑战：{0} — {1}</translation>
        </message>
        <message>
            <source>Goal reached: {0} — {1} ({2}).</source>
            <translation>目标达成：{0} — {1}（{2}）。</translation>
        </message>
        <message>
            <source>Goal not reached: {0} — {1} ({2}).</source>
            <translation>未达成目标：{0} — {1}（{2}）。</translation>
        </message>
        <message>
            <source>{0}: {1} attempts, best result {2}.</source>
            <translation>{0}：已尝试 {1} 次，最佳结果：{2}。</translation>
        </message>
        <message>
            <source>Endgame challenge</source>
            <translation>残局挑战</translation>
        </message>
        <message>
            <source>&amp;Try again</source>
            <translation>再试一次(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;Choose another position</source>
            <translation>换一个局面(&amp;C)</translation>
        </message>
        <message>
            <source>The attempt cannot be saved: {0}</source>
            <translation>无法保存这次尝试：{0}</translation>
        </message>
    </context>
    <context>
        <name>ClipboardActions</name>
        <message>
            <source>Copy &amp;FEN</source>
            <translation>复制 FEN(&amp;F)</translation>
        </message>
        <message>
            <source>Copy game as &amp;text (Chinese notation)</source>
            <translation>复制棋谱为文本（中文记谱）(&amp;T)</translation>
        </message>
        <message>
            <source>Copy game as P&amp;GN</source>
            <translation>复制棋谱为 PGN(&amp;G)</translation>
        </message>
        <message>
            <source>Copy game as &amp;DhtmlXQ</source>
            <translation>复制棋谱为 DhtmlXQ(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Paste FEN, PGN or moves</source>
            <translation>粘贴 FEN、PGN 或着法(&amp;P)</translation>
        </message>
        <message>
            <source>The game cannot be copied</source>
            <translation>无法复制这局棋</translation>
        </message>
        <message>
            <source>clipboard</source>
            <translation>剪贴板</translation>
        </message>
        <message>
            <source>The clipboard holds no FEN, PGN or move list</source>
            <translation>剪贴板中没有 FEN、PGN 或着法列表</translation>
        </message>
    </context>
    <context>
        <name>ClockView</name>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0} byoyomi</source>
            <translation>读秒 {0}</translation>
        </message>
    </context>
    <context>
        <name>CommentPanel</name>
        <message>
            <source>Type a comment for this move</source>
            <translation>为这一步输入注释</translation>
        </message>
        <message>
            <source>Variations</source>
            <translation>变着</translation>
        </message>
        <message>
            <source>Make main line</source>
            <translation>设为主线</translation>
        </message>
        <message>
            <source>Delete variation</source>
            <translation>删除变着</translation>
        </message>
        <message>
            <source>Main line</source>
            <translation>主线</translation>
        </message>
        <message>
            <source>Comment before the first move:</source>
            <translation>第一步之前的注释：</translation>
        </message>
        <message>
            <source>Comment after {0}:</source>
            <translation>{0} 之后的注释：</translation>
        </message>
        <message>
            <source>{0} was better</source>
            <translation>{0}较好</translation>
        </message>
        <message>
            <source>{0} (Red) vs {1} (Black)</source>
            <translation>{0}（红）对 {1}（黑）</translation>
        </message>
    </context>
    <context>
        <name>DatabaseUi</name>
        <message>
            <source>Game &amp;database window</source>
            <translation>棋谱库窗口(&amp;D)</translation>
        </message>
        <message>
            <source>Search the board's &amp;position</source>
            <translation>搜索当前局面(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Open a database…</source>
            <translation>打开棋谱库…(&amp;O)</translation>
        </message>
        <message>
            <source>&amp;New database…</source>
            <translation>新建棋谱库…(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Import game files…</source>
            <translation>导入棋谱文件…(&amp;I)</translation>
        </message>
        <message>
            <source>Import a &amp;folder…</source>
            <translation>导入文件夹…(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Database</source>
            <translation>棋谱库(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Recent databases</source>
            <translation>最近的棋谱库(&amp;R)</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <source>Game database</source>
            <translation>棋谱库</translation>
        </message>
        <message>
            <source>Build your game database with the master games that come with the program? It takes a few minutes; you can import your own games later.</source>
            <translation>用程序自带的大师对局建立你的棋谱库吗？需要几分钟；以后也可以导入你自己的棋谱。</translation>
        </message>
        <message>
            <source>Building the starter database</source>
            <translation>正在建立初始棋谱库</translation>
        </message>
        <message>
            <source>Cannot open the database</source>
            <translation>无法打开棋谱库</translation>
        </message>
        <message>
            <source>Opened {0} – {1} from the database</source>
            <translation>已从棋谱库打开 {0} – {1}</translation>
        </message>
        <message>
            <source>Game databases (*.xqdb)</source>
            <translation>棋谱库 (*.xqdb)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>Open a game database</source>
            <translation>打开棋谱库</translation>
        </message>
        <message>
            <source>New game database</source>
            <translation>新建棋谱库</translation>
        </message>
        <message>
            <source>Import a folder of game records</source>
            <translation>导入棋谱文件夹</translation>
        </message>
        <message>
            <source>Import game records</source>
            <translation>导入棋谱</translation>
        </message>
        <message>
            <source>Importing games</source>
            <translation>正在导入棋谱</translation>
        </message>
        <message>
            <source>Reading the games…</source>
            <translation>正在读取棋谱…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>{0} of {1} games</source>
            <translation>{0} / {1} 局</translation>
        </message>
        <message>
            <source>The import stopped</source>
            <translation>导入已停止</translation>
        </message>
        <message>
            <source>{0} games added.</source>
            <translation>已添加 {0} 局。</translation>
        </message>
        <message>
            <source>Cancelled: the games committed before are kept ({0} added). Import the same files again to go on.</source>
            <translation>已取消：之前已提交的棋局保留（添加了 {0} 局）。再次导入相同文件即可继续。</translation>
        </message>
        <message>
            <source>{0} duplicates were not stored again.</source>
            <translation>{0} 局重复，未再次保存。</translation>
        </message>
        <message>
            <source>{0} files were imported before and skipped.</source>
            <translation>{0} 个文件以前已导入，已跳过。</translation>
        </message>
        <message>
            <source>{0} files could not be read:</source>
            <translation>{0} 个文件无法读取：</translation>
        </message>
        <message>
            <source>Import finished</source>
            <translation>导入完成</translation>
        </message>
        <message>
            <source>The database is damaged</source>
            <translation>棋谱库已损坏</translation>
        </message>
        <message>
            <source>Repair copies every game that can still be read into a new file beside it; the damaged file is left as it is.</source>
            <translation>修复会把仍能读取的每局棋复制到旁边的新文件中；损坏的文件保持原样。</translation>
        </message>
        <message>
            <source>&amp;Repair…</source>
            <translation>修复…(&amp;R)</translation>
        </message>
        <message>
            <source>Repairing the database</source>
            <translation>正在修复棋谱库</translation>
        </message>
    </context>
    <context>
        <name>DatabaseWindow</name>
        <message>
            <source>Game database</source>
            <translation>棋谱库</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Import files…</source>
            <translation>导入文件…(&amp;I)</translation>
        </message>
        <message>
            <source>Import a &amp;folder…</source>
            <translation>导入文件夹…(&amp;F)</translation>
        </message>
        <message>
            <source>Filter the games shown (any column)</source>
            <translation>筛选显示的棋局（任意列）</translation>
        </message>
        <message>
            <source>{0}: {1} games</source>
            <translation>{0}：共 {1} 局</translation>
        </message>
        <message>
            <source>(read-only: searching only, no import)</source>
            <translation>（只读：只能搜索，不能导入）</translation>
        </message>
        <message>
            <source>Game database – {0}</source>
            <translation>棋谱库 – {0}</translation>
        </message>
        <message>
            <source>Choose what to search for, then Search.</source>
            <translation>选择搜索条件，然后点“搜索”。</translation>
        </message>
        <message>
            <source>Searching…</source>
            <translation>正在搜索…</translation>
        </message>
        <message>
            <source>No game found.</source>
            <translation>没有找到棋局。</translation>
        </message>
        <message>
            <source>{0} games found; {1} read (scroll for more; sorting and the filter apply to the games read)</source>
            <translation>找到 {0} 局；已读取 {1} 局（向下滚动读取更多；排序和筛选只作用于已读取的棋局）</translation>
        </message>
        <message>
            <source>{0} games found.</source>
            <translation>找到 {0} 局。</translation>
        </message>
    </context>
    <context>
        <name>DueCardsView</name>
        <message>
            <source>Due today</source>
            <translation>今日复习</translation>
        </message>
        <message>
            <source>Card {0} of {1} · right {2} · wrong {3}</source>
            <translation>第 {0} 张，共 {1} 张 · 答对 {2} · 答错 {3}</translation>
        </message>
        <message>
            <source>No cards are due now.</source>
            <translation>现在没有要复习的卡片。</translation>
        </message>
        <message>
            <source>Done for now: {0} right, {1} wrong.</source>
            <translation>本轮完成：答对 {0}，答错 {1}。</translation>
        </message>
        <message>
            <source>Cards that cannot be shown: {0}</source>
            <translation>无法显示的卡片：{0}</translation>
        </message>
        <message>
            <source>The next card is due on {0}.</source>
            <translation>下一张卡片在 {0} 到期。</translation>
        </message>
        <message>
            <source>Not saved: the training history is read-only.</source>
            <translation>未保存：练习记录为只读。</translation>
        </message>
        <message>
            <source>Next review on {0}.</source>
            <translation>下次复习：{0}。</translation>
        </message>
    </context>
    <context>
        <name>EndgameChallenge</name>
        <message>
            <source>Red to play and win</source>
            <translation>红先胜</translation>
        </message>
        <message>
            <source>Red to play and draw</source>
            <translation>红先和</translation>
        </message>
        <message>
            <source>Black to play and win</source>
            <translation>黑先胜</translation>
        </message>
        <message>
            <source>Black to play and draw</source>
            <translation>黑先和</translation>
        </message>
        <message>
            <source>won</source>
            <translation>胜</translation>
        </message>
        <message>
            <source>drawn</source>
            <translation>和</translation>
        </message>
        <message>
            <source>lost</source>
            <translation>负</translation>
        </message>
        <message>
            <source>unfinished</source>
            <translation>未完成</translation>
        </message>
    </context>
    <context>
        <name>Engine</name>
        <message>
            <source>Built-in engine</source>
            <translation>内置引擎</translation>
        </message>
        <message>
            <source>{0}: protocol {1} replaced by {2}, the one this engine is measured to be sound in (in {1} its scores lean to one colour). To keep {1}, choose it under Protocol in Engine › Manage engines…</source>
            <translation>{0}：协议 {1} 已改为 {2}，经测量该引擎在 {2} 下评分公正（在 {1} 下其评分偏向一方）。如要保留 {1}，请在 引擎 › 管理引擎… 的“协议”中选择它。</translation>
        </message>
        <message>
            <source>{0} (used for this run; not saved: {1})</source>
            <translation>{0}（本次运行有效；未保存：{1}）</translation>
        </message>
    </context>
    <context>
        <name>EngineFailure</name>
        <message>
            <source>The engine program {0} was not found. Check its path in the engine settings.</source>
            <translation>找不到引擎程序 {0}。请在引擎设置中检查它的路径。</translation>
        </message>
        <message>
            <source>The engine program {0} cannot be run: it is not a program, or it may not be executed.</source>
            <translation>引擎程序 {0} 无法运行：它不是可执行程序，或没有执行权限。</translation>
        </message>
        <message>
            <source>The engine {0} needs a file that is missing (for example its network or opening book).</source>
            <translation>引擎 {0} 缺少所需的文件（例如神经网络或开局库）。</translation>
        </message>
        <message>
            <source>The engine program {0} could not be started.</source>
            <translation>引擎程序 {0} 无法启动。</translation>
        </message>
        <message>
            <source>The engine quit while starting up (exit code {0}).</source>
            <translation>引擎在启动时退出了（退出码 {0}）。</translation>
        </message>
        <message>
            <source>The engine did not answer in time while starting up; it may not be a UCCI or UCI engine, or it needs other arguments.</source>
            <translation>引擎启动时没有及时响应；它可能不是 UCCI 或 UCI 引擎，或需要其他命令行参数。</translation>
        </message>
        <message>
            <source>The engine crashed (signal {0}).</source>
            <translation>引擎崩溃了（信号 {0}）。</translation>
        </message>
        <message>
            <source>The engine quit unexpectedly (exit code {0}).</source>
            <translation>引擎意外退出了（退出码 {0}）。</translation>
        </message>
        <message>
            <source>The engine did not stop thinking when asked, so it was closed.</source>
            <translation>引擎收到停止指令后没有停止思考，已将其关闭。</translation>
        </message>
        <message>
            <source>The engine chose an illegal move; it was not played.</source>
            <translation>引擎给出了不合法的着法，未执行该着法。</translation>
        </message>
        <message>
            <source>The engine answered something that is not a move.</source>
            <translation>引擎的回答不是一个着法。</translation>
        </message>
        <message>
            <source>A request was not sent to the engine because the engine cannot accept it.</source>
            <translation>引擎无法接受该请求，因此未发送。</translation>
        </message>
        <message>
            <source>The engine is not running. Restart it to continue.</source>
            <translation>引擎没有在运行。请重新启动引擎后继续。</translation>
        </message>
        <message>
            <source>This computer's processor lacks instructions the engine uses: try a build of the engine for older processors.</source>
            <translation>这台电脑的处理器不支持引擎所用的指令：请换用适合较旧处理器的引擎版本。</translation>
        </message>
        <message>
            <source>A missing or wrong support file (network, opening book) can cause this.</source>
            <translation>缺少或用错了辅助文件（神经网络、开局库）可能导致此问题。</translation>
        </message>
        <message>
            <source>It was killed from outside, often because memory ran out: try a smaller Hash setting.</source>
            <translation>引擎被外部强制结束，通常是因为内存不足：请把 Hash 设置调小。</translation>
        </message>
        <message>
            <source>{0} The engine said: {1}</source>
            <translation>{0}引擎说明：{1}</translation>
        </message>
        <message>
            <source>The engine reported a problem.</source>
            <translation>引擎报告了一个问题。</translation>
        </message>
        <message>
            <source>{0} {1}</source>
            <translation>{0}{1}</translation>
        </message>
    </context>
    <context>
        <name>EngineManager</name>
        <message>
            <source>&amp;Add engine…</source>
            <translation>添加引擎(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Save options</source>
            <translation>保存选项(&amp;S)</translation>
        </message>
        <message>
            <source>Automatic (the engine's own)</source>
            <translation>自动（引擎自己的）</translation>
        </message>
        <message>
            <source>The language the program speaks with this engine</source>
            <translation>本程序与此引擎通信所用的协议</translation>
        </message>
        <message>
            <source>Protocol:</source>
            <translation>协议：</translation>
        </message>
        <message>
            <source>%1 (found automatically)</source>
            <translation>%1（自动发现）</translation>
        </message>
        <message>
            <source>Starting the engine to read its options…</source>
            <translation>正在启动引擎以读取选项…</translation>
        </message>
        <message>
            <source>No engine configured.</source>
            <translation>尚未配置引擎。</translation>
        </message>
        <message>
            <source>Not advised: in %2, %1 scores the same position differently for Red and for Black (measured on positions with the colours swapped), so its analysis, reviews and matches would lean to one side, and it does not clear its memory between games. Choose %3 or Automatic.</source>
            <translation>不建议：在 %2 下，%1 对同一局面给红方和黑方的评分不同（用交换颜色的局面测得），其分析、复盘和对局都会偏向一方，而且它在两局之间不清空记忆。请选择 %3 或“自动”。</translation>
        </message>
        <message>
            <source>Protocol saved.</source>
            <translation>协议已保存。</translation>
        </message>
        <message>
            <source>The engine could not be started: %1</source>
            <translation>无法启动引擎：%1</translation>
        </message>
        <message>
            <source>Protocol: %1</source>
            <translation>协议：%1</translation>
        </message>
        <message numerus="yes">
            <source>%n option(s)</source>
            <translation>
                <numerusform>%n 个选项</numerusform>
            </translation>
        </message>
        <message>
            <source>Choose an engine program</source>
            <translation>选择引擎程序</translation>
        </message>
        <message>
            <source>Starting %1 to detect its protocol…</source>
            <translation>正在启动 %1 以检测协议…</translation>
        </message>
        <message>
            <source>Added %1 (%2).</source>
            <translation>已添加 %1（%2）。</translation>
        </message>
        <message>
            <source>Options saved.</source>
            <translation>选项已保存。</translation>
        </message>
    </context>
    <context>
        <name>EnginePanel</name>
        <message>
            <source>No engine</source>
            <translation>无引擎</translation>
        </message>
        <message>
            <source>Lines: </source>
            <translation>变例数：</translation>
        </message>
        <message>
            <source>Depth</source>
            <translation>深度</translation>
        </message>
        <message>
            <source>N/s</source>
            <translation>节点/秒</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>着法</translation>
        </message>
    </context>
    <context>
        <name>EngineProbe</name>
        <message>
            <source>The engine did not answer in time.</source>
            <translation>引擎未及时响应。</translation>
        </message>
    </context>
    <context>
        <name>EngineRolesDialog</name>
        <message>
            <source>Use the new engine</source>
            <translation>使用新引擎</translation>
        </message>
        <message>
            <source>Start these with %1 from now on?</source>
            <translation>以后以下功能都使用 %1 吗？</translation>
        </message>
        <message>
            <source>Playing a new game</source>
            <translation>新对局</translation>
        </message>
        <message>
            <source>Analysis</source>
            <translation>分析</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>复盘</translation>
        </message>
        <message>
            <source>Endgame challenges</source>
            <translation>残局挑战</translation>
        </message>
        <message>
            <source>What is not ticked keeps the engine it uses now.</source>
            <translation>未勾选的功能保留现在所用的引擎。</translation>
        </message>
    </context>
    <context>
        <name>EvalGraph</name>
        <message>
            <source>Evaluation after each move (red's point of view, pawns); click to go there</source>
            <translation>每步之后的局面评分（红方视角，以兵为单位）；点击可跳到该步</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>起始局面</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Move {0}, {1}</source>
            <translation>第 {0} 回合{1}</translation>
        </message>
    </context>
    <context>
        <name>Explain</name>
        <message>
            <source>Allows mate in {1}: {0}</source>
            <translation>让对方{0}{1}步杀</translation>
        </message>
        <message>
            <source>Allows mate in {0}</source>
            <translation>让对方{0}步杀</translation>
        </message>
        <message>
            <source>Misses a mate: {0}</source>
            <translation>错过{0}杀</translation>
        </message>
        <message>
            <source>Misses mate in {0}</source>
            <translation>错过{0}步杀</translation>
        </message>
        <message>
            <source>Loses {0}% winning chances</source>
            <translation>胜率损失{0}%</translation>
        </message>
        <message>
            <source>Loses material</source>
            <translation>丢子</translation>
        </message>
        <message>
            <source>Misses winning material</source>
            <translation>错过得子</translation>
        </message>
        <message>
            <source>{0}, {1}</source>
            <translation>{0}，{1}</translation>
        </message>
        <message>
            <source>{0} ({1})</source>
            <translation>{0}（{1}）</translation>
        </message>
        <message>
            <source>loses a rook</source>
            <translation>丢车</translation>
        </message>
        <message>
            <source>loses a horse</source>
            <translation>丢马</translation>
        </message>
        <message>
            <source>loses a cannon</source>
            <translation>丢炮</translation>
        </message>
        <message>
            <source>loses an advisor</source>
            <translation>丢士</translation>
        </message>
        <message>
            <source>loses an elephant</source>
            <translation>丢象</translation>
        </message>
        <message>
            <source>loses a pawn</source>
            <translation>丢兵</translation>
        </message>
        <message>
            <source>misses winning a rook</source>
            <translation>错过得车</translation>
        </message>
        <message>
            <source>misses winning a horse</source>
            <translation>错过得马</translation>
        </message>
        <message>
            <source>misses winning a cannon</source>
            <translation>错过得炮</translation>
        </message>
        <message>
            <source>misses winning an advisor</source>
            <translation>错过得士</translation>
        </message>
        <message>
            <source>misses winning an elephant</source>
            <translation>错过得象</translation>
        </message>
        <message>
            <source>misses winning a pawn</source>
            <translation>错过得兵</translation>
        </message>
        <message>
            <source>Walks into a fork</source>
            <translation>被捉双</translation>
        </message>
        <message>
            <source>Allows a discovered check</source>
            <translation>被抽将</translation>
        </message>
        <message>
            <source>Allows a discovered attack</source>
            <translation>被闪击</translation>
        </message>
        <message>
            <source>Walks into a pin</source>
            <translation>被牵制</translation>
        </message>
        <message>
            <source>Lets a piece be trapped</source>
            <translation>被捉死</translation>
        </message>
        <message>
            <source>Misses a fork</source>
            <translation>错过捉双</translation>
        </message>
        <message>
            <source>Misses a discovered check</source>
            <translation>错过抽将</translation>
        </message>
        <message>
            <source>Misses a discovered attack</source>
            <translation>错过闪击</translation>
        </message>
        <message>
            <source>Misses a pin</source>
            <translation>错过牵制</translation>
        </message>
        <message>
            <source>Misses trapping a piece</source>
            <translation>错过捉死</translation>
        </message>
        <message>
            <source>Misses a sacrifice</source>
            <translation>错过弃子</translation>
        </message>
        <message>
            <source>which wins a rook</source>
            <translation>可得车</translation>
        </message>
        <message>
            <source>which wins a horse</source>
            <translation>可得马</translation>
        </message>
        <message>
            <source>which wins a cannon</source>
            <translation>可得炮</translation>
        </message>
        <message>
            <source>which wins an advisor</source>
            <translation>可得士</translation>
        </message>
        <message>
            <source>which wins an elephant</source>
            <translation>可得象</translation>
        </message>
        <message>
            <source>which wins a pawn</source>
            <translation>可得兵</translation>
        </message>
    </context>
    <context>
        <name>ExplorerPanel</name>
        <message>
            <source>Move</source>
            <translation>着法</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>局数</translation>
        </message>
        <message>
            <source>Red · Draw · Black</source>
            <translation>红胜 · 和 · 黑胜</translation>
        </message>
        <message>
            <source>Play this move</source>
            <translation>走这步棋</translation>
        </message>
        <message>
            <source>Opening book</source>
            <translation>开局库</translation>
        </message>
        <message>
            <source>Where the moves come from: the opening book or the game database</source>
            <translation>着法来源：开局库或棋谱库</translation>
        </message>
        <message>
            <source>Play the selected move (or double-click it)</source>
            <translation>走选中的着法（或双击它）</translation>
        </message>
        <message>
            <source>Show games</source>
            <translation>查看棋局</translation>
        </message>
        <message>
            <source>List the games behind the selected move in the database window</source>
            <translation>在棋谱库窗口列出走了选中着法的棋局</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>分数</translation>
        </message>
        <message>
            <source>Years</source>
            <translation>年份</translation>
        </message>
        <message>
            <source>The score for the side to move: a win 1, a draw ½</source>
            <translation>走棋方的得分率：胜 1 分，和 ½ 分</translation>
        </message>
        <message>
            <source>Game database: {0}</source>
            <translation>棋谱库：{0}</translation>
        </message>
        <message>
            <source>{0}: reading the games…</source>
            <translation>{0}：正在读取棋局…</translation>
        </message>
        <message>
            <source>No opening book. Book › Open book… or Build from files…</source>
            <translation>没有开局库：请用“开局库 › 打开开局库…”或“从棋谱文件生成…”</translation>
        </message>
        <message>
            <source>{0}: this position is not in the book</source>
            <translation>{0}：开局库中没有这个局面</translation>
        </message>
        <message>
            <source>{0}: no game reached this position</source>
            <translation>{0}：没有棋局到达这个局面</translation>
        </message>
        <message>
            <source>{0}: {1} games in this position</source>
            <translation>{0}：此局面共 {1} 局</translation>
        </message>
        <message>
            <source>{0}: {1} games; red won {2}, drawn {3}, black won {4}</source>
            <translation>{0}：{1} 局；红胜 {2}，和 {3}，黑胜 {4}</translation>
        </message>
        <message>
            <source>; {0} without a result</source>
            <translation>；{0} 局无结果</translation>
        </message>
        <message>
            <source>; played {0}</source>
            <translation>；{0} 年间走过</translation>
        </message>
    </context>
    <context>
        <name>ExportImageDialog</name>
        <message>
            <source>Export image</source>
            <translation>导出图片</translation>
        </message>
        <message>
            <source>PNG picture of the position</source>
            <translation>局面图（PNG）</translation>
        </message>
        <message>
            <source>SVG drawing of the position</source>
            <translation>局面矢量图（SVG）</translation>
        </message>
        <message>
            <source>Animated GIF of the moves</source>
            <translation>着法动画（GIF）</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>浏览(&amp;B)…</translation>
        </message>
        <message>
            <source> px</source>
            <translation> 像素</translation>
        </message>
        <message>
            <source>Black at the bottom</source>
            <translation>黑方在下</translation>
        </message>
        <message>
            <source>Coordinates</source>
            <translation>坐标</translation>
        </message>
        <message>
            <source> ms</source>
            <translation> 毫秒</translation>
        </message>
        <message>
            <source>&amp;Kind:</source>
            <translation>类型(&amp;K)：</translation>
        </message>
        <message>
            <source>&amp;File:</source>
            <translation>文件(&amp;F)：</translation>
        </message>
        <message>
            <source>&amp;Width:</source>
            <translation>宽度(&amp;W)：</translation>
        </message>
        <message>
            <source>From &amp;ply:</source>
            <translation>起始步数(&amp;P)：</translation>
        </message>
        <message>
            <source>&amp;To ply:</source>
            <translation>结束步数(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Delay per move:</source>
            <translation>每步间隔(&amp;D)：</translation>
        </message>
        <message>
            <source>{0} pictures (*.{1})</source>
            <translation>{0} 图片 (*.{1})</translation>
        </message>
    </context>
    <context>
        <name>FileDialogs</name>
        <message>
            <source>Game records (*.pgn *.PGN *.xqf *.XQF *.cbl *.CBL *.cbr *.CBR *.cbf *.CBF *.html *.htm)</source>
            <translation>棋谱文件 (*.pgn *.PGN *.xqf *.XQF *.cbl *.CBL *.cbr *.CBR *.cbf *.CBF *.html *.htm)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
    </context>
    <context>
        <name>GameController</name>
        <message>
            <source>New game</source>
            <translation>新对局</translation>
        </message>
        <message>
            <source>Resumed the unfinished game</source>
            <translation>已继续未完成的对局</translation>
        </message>
        <message>
            <source>Entered the line's first move; its other {0} moves are kept as a variation (→ steps through them)</source>
            <translation>已走出这路变着的第一步；其余 {0} 步保留为变着（按 → 逐步查看）</translation>
        </message>
        <message>
            <source>New game from this position</source>
            <translation>从此局面开始新对局</translation>
        </message>
        <message>
            <source>Draw offered: the engine answers with its next move</source>
            <translation>已提和：引擎将在下一步时答复</translation>
        </message>
        <message>
            <source>The engine declines the draw</source>
            <translation>引擎拒绝和棋</translation>
        </message>
        <message>
            <source>The engine is looking for a hint…</source>
            <translation>引擎正在思考提示…</translation>
        </message>
        <message>
            <source>Hint shown as an arrow</source>
            <translation>提示以箭头显示</translation>
        </message>
        <message>
            <source>The engine accepts the draw</source>
            <translation>引擎同意和棋</translation>
        </message>
        <message>
            <source>The engine resigns</source>
            <translation>引擎认输</translation>
        </message>
        <message>
            <source>The engine gave no legal move ({0}). You can restart it or choose another engine; the game is kept.</source>
            <translation>引擎给出了不合法的着法（{0}）。可以重启引擎或选择其他引擎，对局会保留。</translation>
        </message>
        <message>
            <source>{0} You can restart the engine or choose another one; the game is kept.</source>
            <translation>{0}可以重新启动引擎或换一个引擎，棋局会保留。</translation>
        </message>
        <message>
            <source>Autosave failed: {0}</source>
            <translation>自动保存失败：{0}</translation>
        </message>
    </context>
    <context>
        <name>GameListDialog</name>
        <message>
            <source>Games in {0}</source>
            <translation>{0} 中的对局</translation>
        </message>
        <message>
            <source>Filter by player, event, date or result</source>
            <translation>按棋手、赛事、日期或结果筛选</translation>
        </message>
        <message>
            <source>Reading the file…</source>
            <translation>正在读取文件…</translation>
        </message>
        <message>
            <source>Indexing… {0}%</source>
            <translation>正在建立索引… {0}%</translation>
        </message>
        <message>
            <source>{0} games</source>
            <translation>{0} 局</translation>
        </message>
        <message>
            <source>{0} of {1} games</source>
            <translation>{0} / {1} 局</translation>
        </message>
    </context>
    <context>
        <name>GamePicker</name>
        <message>
            <source>Games in {0}</source>
            <translation>{0} 中的对局</translation>
        </message>
        <message>
            <source>Filter by player, event, date or result</source>
            <translation>按棋手、赛事、日期或结果筛选</translation>
        </message>
    </context>
    <context>
        <name>GameTableModel</name>
        <message>
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>赛事</translation>
        </message>
        <message>
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>ECCO</source>
            <translation>ECCO 编号</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
    </context>
    <context>
        <name>GuessTheMove</name>
        <message>
            <source>Guess the move</source>
            <translation>猜谱</translation>
        </message>
        <message>
            <source>the game on the board</source>
            <translation>棋盘上的对局</translation>
        </message>
        <message>
            <source>No game chosen</source>
            <translation>尚未选择对局</translation>
        </message>
        <message>
            <source>Game:</source>
            <translation>对局：</translation>
        </message>
        <message>
            <source>Game on the &amp;board</source>
            <translation>棋盘上的对局(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Open file…</source>
            <translation>打开文件(&amp;O)…</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>&amp;Guess the moves of:</source>
            <translation>猜哪一方的着法(&amp;G)：</translation>
        </message>
        <message>
            <source>&amp;Engine:</source>
            <translation>引擎(&amp;E)：</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Engine &amp;time a move:</source>
            <translation>引擎每步时间(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Start</source>
            <translation>开始(&amp;S)</translation>
        </message>
        <message>
            <source>{0}: {1} ({2}) — {3} of {4} as the master, accuracy {5:.1f} against {6:.1f}</source>
            <translation>{0}：{1}（{2}）— {4} 步中猜中 {3} 步，准确度 {5:.1f}，大师 {6:.1f}</translation>
        </message>
        <message>
            <source>Your last sessions:</source>
            <translation>最近的猜谱：</translation>
        </message>
        <message>
            <source>Open a master game</source>
            <translation>打开大师对局</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在读取 {0}…</translation>
        </message>
        <message>
            <source>{0} holds no game.</source>
            <translation>{0} 中没有对局。</translation>
        </message>
        <message>
            <source>The file cannot be read: {0}</source>
            <translation>无法读取文件：{0}</translation>
        </message>
        <message>
            <source>{0} has no moves to guess.</source>
            <translation>{0} 没有可猜的着法。</translation>
        </message>
        <message>
            <source>e.g. 炮二平五, C2.5 or h2e2</source>
            <translation>例如 炮二平五、C2.5 或 h2e2</translation>
        </message>
        <message>
            <source>&amp;Your move:</source>
            <translation>你的着法(&amp;Y)：</translation>
        </message>
        <message>
            <source>&amp;Next move</source>
            <translation>下一步(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Finish now</source>
            <translation>现在结束(&amp;F)</translation>
        </message>
        <message>
            <source>This side has no move in the game.</source>
            <translation>这一方在对局中没有着法。</translation>
        </message>
        <message>
            <source>Move {0} of {1}</source>
            <translation>第 {0} 步，共 {1} 步</translation>
        </message>
        <message>
            <source>Round {0}: what did the master play? Make your move on the board.</source>
            <translation>第 {0} 回合：大师走了什么？请在棋盘上走出你的着法。</translation>
        </message>
        <message>
            <source>Not a legal move here: {0}</source>
            <translation>这里不能走这步棋：{0}</translation>
        </message>
        <message>
            <source>Your move: {0}. The engine is judging it…</source>
            <translation>你的着法：{0}。引擎正在评判…</translation>
        </message>
        <message>
            <source>The engine gave no score for this move; it is not counted.</source>
            <translation>引擎没有给出这步的分数，不计入成绩。</translation>
        </message>
        <message>
            <source>So far: {0} of {1} guessed as the master · your accuracy {2:.1f}, the master's {3:.1f}</source>
            <translation>目前：{1} 步中猜中大师 {0} 步 · 你的准确度 {2:.1f}，大师 {3:.1f}</translation>
        </message>
        <message>
            <source>The master played {0}.</source>
            <translation>大师走的是 {0}。</translation>
        </message>
        <message>
            <source>−{0:.1f} against the best</source>
            <translation>比最佳着法 −{0:.1f}</translation>
        </message>
        <message>
            <source>as good as the best</source>
            <translation>与最佳着法相当</translation>
        </message>
        <message>
            <source>−{0:.1f} against the master</source>
            <translation>比大师 −{0:.1f}</translation>
        </message>
        <message>
            <source>no worse than the master's</source>
            <translation>不比大师差</translation>
        </message>
        <message>
            <source>Same move as the master!</source>
            <translation>与大师的着法相同！</translation>
        </message>
        <message>
            <source>Your move {0}: Win% {1:.1f} ({2}, {3})</source>
            <translation>你的着法 {0}：胜率 {1:.1f}%（{2}，{3}）</translation>
        </message>
        <message>
            <source>Master's move {0}: Win% {1:.1f} ({2})</source>
            <translation>大师的着法 {0}：胜率 {1:.1f}%（{2}）</translation>
        </message>
        <message>
            <source>Engine's best {0}: Win% {1:.1f}, depth {2}</source>
            <translation>引擎最佳 {0}：胜率 {1:.1f}%，深度 {2}</translation>
        </message>
        <message>
            <source>Engine's line: {0}</source>
            <translation>引擎主变：{0}</translation>
        </message>
        <message>
            <source>Your move: {0}. The engine failed; asking it again…</source>
            <translation>你的着法：{0}。引擎出错，正在重新评判…</translation>
        </message>
        <message>
            <source>The engine cannot judge: {0}</source>
            <translation>引擎无法评判：{0}</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>回合</translation>
        </message>
        <message>
            <source>Your move</source>
            <translation>你的着法</translation>
        </message>
        <message>
            <source>Master</source>
            <translation>大师</translation>
        </message>
        <message>
            <source>Engine's best</source>
            <translation>引擎最佳</translation>
        </message>
        <message>
            <source>Your loss</source>
            <translation>你的损失</translation>
        </message>
        <message>
            <source>Master's loss</source>
            <translation>大师的损失</translation>
        </message>
        <message>
            <source>&amp;Another game</source>
            <translation>换一局(&amp;A)</translation>
        </message>
        <message>
            <source>The session cannot be saved: {0}</source>
            <translation>无法保存本次练习：{0}</translation>
        </message>
        <message>
            <source>Guessed {0} moves; {1} as the master ({2:.0f}%).</source>
            <translation>共猜 {0} 步，与大师相同 {1} 步（{2:.0f}%）。</translation>
        </message>
        <message>
            <source>Accuracy: you {0:.1f}, the master {1:.1f}.</source>
            <translation>准确度：你 {0:.1f}，大师 {1:.1f}。</translation>
        </message>
        <message>
            <source>Average Win% loss a move: you {0:.1f}, the master {1:.1f}; against the master's moves you lost {2:.1f}.</source>
            <translation>平均每步胜率损失：你 {0:.1f}，大师 {1:.1f}；与大师的着法相比你损失 {2:.1f}。</translation>
        </message>
        <message>
            <source>Untitled game</source>
            <translation>未命名对局</translation>
        </message>
    </context>
    <context>
        <name>HelpMenu</name>
        <message>
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>Xiangqi &amp;rules</source>
            <translation>象棋规则(&amp;R)</translation>
        </message>
        <message>
            <source>Xiangqi &amp;history</source>
            <translation>象棋历史(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <translation>快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>&amp;About</source>
            <translation>关于(&amp;A)</translation>
        </message>
        <message>
            <source>Xiangqi rules</source>
            <translation>象棋规则</translation>
        </message>
        <message>
            <source>Xiangqi history</source>
            <translation>象棋历史</translation>
        </message>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>快捷键</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>按键</translation>
        </message>
        <message>
            <source>Xiangqi</source>
            <translation>中国象棋</translation>
        </message>
        <message>
            <source>Play Chinese chess against the computer.</source>
            <translation>与电脑下中国象棋。</translation>
        </message>
        <message>
            <source>Licence: GPL 3.0 or later. Drawings and sounds CC0; glyph outlines SIL OFL 1.1 (Noto CJK).</source>
            <translation>许可证：GPL 3.0 或更高版本。图画和声音 CC0；字形轮廓 SIL OFL 1.1（Noto CJK）。</translation>
        </message>
        <message>
            <source>Puzzles, training positions and the starter game database made from the Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0 (converted and selected).</source>
            <translation>谜题、训练局面和入门棋谱库取自 Chinese Chess Practical Dataset (CCPD)，Yu-Han Tseng，CC BY 4.0（经转换与挑选）。</translation>
        </message>
        <message>
            <source>Engines found</source>
            <translation>找到的引擎</translation>
        </message>
        <message>
            <source>Program data: {0}</source>
            <translation>程序数据：{0}</translation>
        </message>
        <message>
            <source>About Xiangqi</source>
            <translation>关于中国象棋</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>starting…</source>
            <translation>启动中…</translation>
        </message>
        <message>
            <source>ready</source>
            <translation>就绪</translation>
        </message>
        <message>
            <source>thinking…</source>
            <translation>思考中…</translation>
        </message>
        <message>
            <source>stopping…</source>
            <translation>停止中…</translation>
        </message>
        <message>
            <source>not running</source>
            <translation>未运行</translation>
        </message>
        <message>
            <source>Xiangqi</source>
            <translation>中国象棋</translation>
        </message>
        <message>
            <source>&amp;New game…</source>
            <translation>新对局(&amp;N)…</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>悔棋(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>还原(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Hint</source>
            <translation>提示(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Move now</source>
            <translation>立即出着(&amp;M)</translation>
        </message>
        <message>
            <source>Re&amp;sign</source>
            <translation>认输(&amp;S)</translation>
        </message>
        <message>
            <source>Offer a &amp;draw</source>
            <translation>提和(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Accept the draw</source>
            <translation>接受和棋(&amp;A)</translation>
        </message>
        <message>
            <source>&amp;Flip board</source>
            <translation>翻转棋盘(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Restart engine</source>
            <translation>重启引擎(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Change opponent…</source>
            <translation>更换对手(&amp;C)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Game</source>
            <translation>游戏(&amp;G)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>&amp;Docked panels</source>
            <translation>面板(&amp;D)</translation>
        </message>
        <message>
            <source>E&amp;ngine</source>
            <translation>引擎(&amp;N)</translation>
        </message>
        <message>
            <source>Game</source>
            <translation>对局</translation>
        </message>
        <message>
            <source>Red to move</source>
            <translation>红方走棋</translation>
        </message>
        <message>
            <source>Black to move</source>
            <translation>黑方走棋</translation>
        </message>
        <message>
            <source>Engine: {0}</source>
            <translation>引擎：{0}</translation>
        </message>
        <message>
            <source>Engine trouble</source>
            <translation>引擎出错</translation>
        </message>
        <message>
            <source>Restart engine</source>
            <translation>重启引擎</translation>
        </message>
        <message>
            <source>Choose another engine…</source>
            <translation>选择其他引擎…</translation>
        </message>
        <message>
            <source>Draw offer</source>
            <translation>提和</translation>
        </message>
        <message>
            <source>The engine offers a draw. Do you accept?</source>
            <translation>引擎提和。是否同意？</translation>
        </message>
        <message>
            <source>… and {0} more</source>
            <translation>… 另有 {0} 条</translation>
        </message>
        <message>
            <source>Autosave ignored: {0}</source>
            <translation>已忽略自动保存：{0}</translation>
        </message>
        <message>
            <source>Resume game</source>
            <translation>继续对局</translation>
        </message>
        <message>
            <source>An unfinished game ({0} moves) was saved. Continue it?</source>
            <translation>已保存一局未下完的棋（{0} 步）。是否继续？</translation>
        </message>
        <message>
            <source>Could not resume the saved game: {0}</source>
            <translation>无法继续保存的对局：{0}</translation>
        </message>
        <message>
            <source>Change opponent</source>
            <translation>更换对手</translation>
        </message>
        <message>
            <source>Engine to play against (the game goes on):</source>
            <translation>对弈引擎（对局继续）：</translation>
        </message>
        <message>
            <source>Resign</source>
            <translation>认输</translation>
        </message>
        <message>
            <source>Do you really resign this game?</source>
            <translation>确定要认输吗？</translation>
        </message>
        <message>
            <source>Play from here</source>
            <translation>从此处续下</translation>
        </message>
        <message>
            <source>Continue the game from this position? The later moves can still be redone.</source>
            <translation>从这个局面继续对局？之后的着法仍可还原。</translation>
        </message>
        <message>
            <source>Play {0} from this position? The record stays as it is.</source>
            <translation>从这个局面开始与 {0} 对局？棋谱保持不变。</translation>
        </message>
        <message>
            <source>Play the engine</source>
            <translation>与引擎对局</translation>
        </message>
        <message>
            <source>Enter moves for both sides</source>
            <translation>双方着法都由我输入</translation>
        </message>
    </context>
    <context>
        <name>MatchDialog</name>
        <message>
            <source>Engine match</source>
            <translation>引擎对战</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>开始</translation>
        </message>
        <message>
            <source>Test</source>
            <translation>测试</translation>
        </message>
        <message>
            <source>Engine A</source>
            <translation>引擎 A</translation>
        </message>
        <message>
            <source>Engine B</source>
            <translation>引擎 B</translation>
        </message>
        <message>
            <source>Engines</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>Tournament</source>
            <translation>锦标赛</translation>
        </message>
        <message>
            <source>SPRT</source>
            <translation>SPRT</translation>
        </message>
        <message>
            <source>Time control</source>
            <translation>计时方式</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>局数</translation>
        </message>
        <message>
            <source>Openings</source>
            <translation>开局</translation>
        </message>
        <message>
            <source>Adjudication</source>
            <translation>裁决</translation>
        </message>
        <message>
            <source>Save games to</source>
            <translation>棋局保存到</translation>
        </message>
        <message>
            <source>Colours alternate: each opening is played once with each colour.</source>
            <translation>双方轮流执红：每个开局各执红黑一次。</translation>
        </message>
        <message>
            <source>Built-in engine level {0}</source>
            <translation>内置引擎 {0} 级</translation>
        </message>
        <message>
            <source>Match</source>
            <translation>对局</translation>
        </message>
        <message>
            <source>Round-robin</source>
            <translation>循环赛</translation>
        </message>
        <message>
            <source>Gauntlet (the first plays the others)</source>
            <translation>车轮战（第一个引擎对其余各个）</translation>
        </message>
        <message>
            <source>rounds </source>
            <translation>轮数 </translation>
        </message>
        <message>
            <source>Each opening with both colours</source>
            <translation>每个开局双方各执红一次</translation>
        </message>
        <message>
            <source>elo0 </source>
            <translation>elo0 </translation>
        </message>
        <message>
            <source>elo1 </source>
            <translation>elo1 </translation>
        </message>
        <message>
            <source>alpha </source>
            <translation>alpha </translation>
        </message>
        <message>
            <source>beta </source>
            <translation>beta </translation>
        </message>
        <message>
            <source>normalized Elo</source>
            <translation>标准化 Elo</translation>
        </message>
        <message>
            <source>logistic Elo</source>
            <translation>逻辑 Elo</translation>
        </message>
        <message>
            <source>Per move</source>
            <translation>每步限时</translation>
        </message>
        <message>
            <source>Clock</source>
            <translation>棋钟</translation>
        </message>
        <message>
            <source> ms a move</source>
            <translation> 毫秒/步</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source> s a move</source>
            <translation> 秒/步</translation>
        </message>
        <message>
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <source>From a file</source>
            <translation>来自文件</translation>
        </message>
        <message>
            <source>From the opening book</source>
            <translation>来自开局库</translation>
        </message>
        <message>
            <source>Suite: {0}</source>
            <translation>开局集：{0}</translation>
        </message>
        <message>
            <source>PGN, other record or FEN list</source>
            <translation>PGN、其他棋谱或 FEN 列表</translation>
        </message>
        <message>
            <source> plies</source>
            <translation> 步（半回合）</translation>
        </message>
        <message>
            <source>Win when both engines agree on</source>
            <translation>双方引擎一致认为优势达到</translation>
        </message>
        <message>
            <source> pawns</source>
            <translation> 兵</translation>
        </message>
        <message>
            <source> moves</source>
            <translation> 回合</translation>
        </message>
        <message>
            <source>for </source>
            <translation>持续 </translation>
        </message>
        <message>
            <source>Draw after</source>
            <translation>判和：满</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>浏览…</translation>
        </message>
        <message>
            <source>at most </source>
            <translation>最多 </translation>
        </message>
        <message>
            <source>Openings ({0});;All files (*)</source>
            <translation>开局 ({0});;所有文件 (*)</translation>
        </message>
        <message>
            <source>Tick two or more engines for the tournament.</source>
            <translation>请为锦标赛勾选两个或更多引擎。</translation>
        </message>
        <message>
            <source>Engine tournament</source>
            <translation>引擎锦标赛</translation>
        </message>
        <message>
            <source>Choose the file the games are saved to.</source>
            <translation>请选择保存棋局的文件。</translation>
        </message>
        <message>
            <source>No usable opening in {0}.</source>
            <translation>{0} 中没有可用的开局。</translation>
        </message>
        <message>
            <source>No opening book is open (Book › Open book…).</source>
            <translation>没有打开开局库（请用“开局库 › 打开开局库…”）。</translation>
        </message>
    </context>
    <context>
        <name>MatchEnd</name>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0} is mated</source>
            <translation>{0}被将死</translation>
        </message>
        <message>
            <source>{0} has no legal move (stalemate loses)</source>
            <translation>{0}无子可动（困毙判负）</translation>
        </message>
        <message>
            <source>{0} loses by perpetual check</source>
            <translation>{0}长将判负</translation>
        </message>
        <message>
            <source>{0} loses by perpetual chase</source>
            <translation>{0}长捉判负</translation>
        </message>
        <message>
            <source>draw by the 60-move limit</source>
            <translation>六十回合无吃子，判和</translation>
        </message>
        <message>
            <source>draw by repetition</source>
            <translation>重复局面，判和</translation>
        </message>
        <message>
            <source>draw: neither side can attack any more</source>
            <translation>双方都已无进攻子力，判和</translation>
        </message>
        <message>
            <source>{0} resigns</source>
            <translation>{0}认输</translation>
        </message>
        <message>
            <source>{0} loses on time</source>
            <translation>{0}超时判负</translation>
        </message>
        <message>
            <source>{0} loses: its engine stopped working</source>
            <translation>{0}判负：引擎停止工作</translation>
        </message>
        <message>
            <source>{0} loses: its engine gave no legal move</source>
            <translation>{0}判负：引擎没有给出合法着法</translation>
        </message>
        <message>
            <source>{0} loses by adjudication</source>
            <translation>{0}被裁决判负</translation>
        </message>
        <message>
            <source>draw by adjudication</source>
            <translation>裁决和棋</translation>
        </message>
        <message>
            <source>{0} wins by adjudication: both engines scored it {1} pawns or more for {2} moves</source>
            <translation>{0}判胜：双方引擎连续 {2} 步评估优势达 {1} 兵以上</translation>
        </message>
        <message>
            <source>draw by adjudication: {0} plies played</source>
            <translation>判和：已走 {0} 步</translation>
        </message>
        <message>
            <source>draw by adjudication: {0} claimed a draw the common rules allow and gave no move when asked again</source>
            <translation>判和：{0} 按通行规则要求和棋，再次询问仍不出着</translation>
        </message>
        <message>
            <source>opening</source>
            <translation>开局</translation>
        </message>
    </context>
    <context>
        <name>MatchPanel</name>
        <message>
            <source>Pause</source>
            <translation>暂停</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>Close the match panel (once the match is over)</source>
            <translation>关闭对战面板（对战结束后）</translation>
        </message>
        <message>
            <source>Rank</source>
            <translation>名次</translation>
        </message>
        <message>
            <source>Engine</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>Elo</source>
            <translation>Elo</translation>
        </message>
        <message>
            <source>95% interval</source>
            <translation>95% 区间</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>局数</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>分数</translation>
        </message>
        <message>
            <source>the average is 0</source>
            <translation>平均为 0</translation>
        </message>
        <message>
            <source>{0} is 0</source>
            <translation>{0} 为 0</translation>
        </message>
        <message>
            <source>Elo by maximum likelihood over all {0} games, {1}</source>
            <translation>按全部 {0} 局的最大似然估计 Elo，{1}</translation>
        </message>
        <message>
            <source>; a perfect score or engines yet to meet: one virtual draw added per pair of engines</source>
            <translation>；有全胜/全负或尚未交手的引擎：每对引擎加一局虚拟和棋</translation>
        </message>
        <message>
            <source>H1 accepted: engine A is stronger by about elo1</source>
            <translation>接受 H1：引擎 A 约强 elo1</translation>
        </message>
        <message>
            <source>H0 accepted: engine A is not stronger by elo1</source>
            <translation>接受 H0：引擎 A 没有强 elo1</translation>
        </message>
        <message>
            <source>continuing</source>
            <translation>继续中</translation>
        </message>
        <message>
            <source>SPRT [{0}, {1}]: LLR {2} (bounds {3} .. {4}); {5} pairs, LL LD DD+WL WD WW = {6}; Elo {7}; {8}</source>
            <translation>SPRT [{0}, {1}]：LLR {2}（界限 {3} .. {4}）；{5} 对，LL LD DD+WL WD WW = {6}；Elo {7}；{8}</translation>
        </message>
        <message>
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Plies</source>
            <translation>步数</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <source>{0} vs {1}: {2} / {3} ({4}%), +{5} ={6} -{7}; Elo {8} (95% interval {9} .. {10}); {11} of {12} games</source>
            <translation>{0} 对 {1}：{2} / {3}（{4}%），胜 {5} 和 {6} 负 {7}；等级分差 {8}（95% 区间 {9} .. {10}）；已下 {11} / {12} 局</translation>
        </message>
    </context>
    <context>
        <name>MatchUi</name>
        <message>
            <source>Engine ma&amp;tch…</source>
            <translation>引擎对战(&amp;T)…</translation>
        </message>
        <message>
            <source>Starting the engines…</source>
            <translation>正在启动引擎…</translation>
        </message>
        <message>
            <source>Paused after this move</source>
            <translation>本步之后暂停</translation>
        </message>
        <message>
            <source>Playing</source>
            <translation>对局中</translation>
        </message>
        <message>
            <source>red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Game {0} of {1}</source>
            <translation>第 {0} 局，共 {1} 局</translation>
        </message>
        <message>
            <source>Encounter {0} of {1}, game {2} of {3}</source>
            <translation>第 {0}/{1} 组对阵，第 {2}/{3} 局</translation>
        </message>
        <message>
            <source>Red {0} · Black {1}</source>
            <translation>红方 {0} · 黑方 {1}</translation>
        </message>
        <message>
            <source>Game {0} of the match (in {1})</source>
            <translation>对战第 {0} 局（保存在 {1}）</translation>
        </message>
        <message>
            <source>no file</source>
            <translation>无文件</translation>
        </message>
        <message>
            <source>Tournament finished</source>
            <translation>锦标赛结束</translation>
        </message>
        <message>
            <source>Tournament stopped</source>
            <translation>锦标赛已停止</translation>
        </message>
        <message>
            <source>SPRT finished: a bound was reached</source>
            <translation>SPRT 结束：已达到界限</translation>
        </message>
        <message>
            <source>Match finished</source>
            <translation>对战结束</translation>
        </message>
        <message>
            <source>Match stopped</source>
            <translation>对战已停止</translation>
        </message>
    </context>
    <context>
        <name>MistakesNote</name>
        <message>
            <source>&amp;Red's mistakes</source>
            <translation>红方的错着(&amp;R)</translation>
        </message>
        <message>
            <source>B&amp;lack's mistakes</source>
            <translation>黑方的错着(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Practise them now</source>
            <translation>现在就练(&amp;P)</translation>
        </message>
        <message>
            <source>Whose mistakes (? and ??) go into your mistakes deck? (With your name in the settings, a game of yours is known next time.)</source>
            <translation>把哪一方的错着（? 和 ??）加入错题本？（在设置中填写你的名字，下次就能认出你的对局。）</translation>
        </message>
        <message>
            <source>The training history cannot be opened: no cards were added.</source>
            <translation>无法打开练习记录：没有加入卡片。</translation>
        </message>
        <message>
            <source>No cards were added: {0}</source>
            <translation>没有加入卡片：{0}</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Mistakes deck: {0} added from {1}'s ? and ?? moves</source>
            <translation>错题本：从{1}的 ? 和 ?? 着法中新增 {0} 张</translation>
        </message>
        <message>
            <source>; {0} were in the deck already</source>
            <translation>；{0} 张已在错题本中</translation>
        </message>
        <message>
            <source>; {0} have no better move in the record</source>
            <translation>；{0} 张在棋谱中没有更好的着法</translation>
        </message>
        <message>
            <source>{0}.</source>
            <translation>{0}。</translation>
        </message>
        <message>
            <source>{0} · {1}</source>
            <translation>{0} · {1}</translation>
        </message>
        <message>
            <source>Move {0}: {1}{2} was played here. Find a better move.</source>
            <translation>第 {0} 回合：这里走了 {1}{2}。找出更好的着法。</translation>
        </message>
    </context>
    <context>
        <name>Motif</name>
        <message>
            <source>Horse and cannon mate</source>
            <translation>马后炮</translation>
        </message>
        <message>
            <source>Double cannon mate</source>
            <translation>重炮</translation>
        </message>
        <message>
            <source>Smothered palace mate</source>
            <translation>闷宫</translation>
        </message>
        <message>
            <source>Iron bolt mate</source>
            <translation>铁门栓</translation>
        </message>
        <message>
            <source>Heaven and earth cannons</source>
            <translation>天地炮</translation>
        </message>
        <message>
            <source>Double rook mate</source>
            <translation>双车错</translation>
        </message>
        <message>
            <source>Facing kings mate</source>
            <translation>白脸将</translation>
        </message>
        <message>
            <source>Crouching horse mate</source>
            <translation>卧槽马</translation>
        </message>
        <message>
            <source>Fishing horse mate</source>
            <translation>钓鱼马</translation>
        </message>
        <message>
            <source>Diagonal horse mate</source>
            <translation>八角马</translation>
        </message>
        <message>
            <source>Palace corner horse mate</source>
            <translation>挂角马</translation>
        </message>
        <message>
            <source>Rook sacrifice in the palace centre</source>
            <translation>大刀剜心</translation>
        </message>
        <message>
            <source>Rook and cannon on one line</source>
            <translation>夹车炮</translation>
        </message>
        <message>
            <source>Side tiger mate</source>
            <translation>侧面虎</translation>
        </message>
        <message>
            <source>Two pawns at the palace door</source>
            <translation>二鬼拍门</translation>
        </message>
        <message>
            <source>Mate from the sea bottom</source>
            <translation>海底捞月</translation>
        </message>
        <message>
            <source>King driven home</source>
            <translation>送佛归殿</translation>
        </message>
        <message>
            <source>Stalemate</source>
            <translation>困毙</translation>
        </message>
        <message>
            <source>Forced mate</source>
            <translation>连杀</translation>
        </message>
        <message>
            <source>Fork</source>
            <translation>捉双</translation>
        </message>
        <message>
            <source>Discovered check</source>
            <translation>抽将</translation>
        </message>
        <message>
            <source>Discovered attack</source>
            <translation>闪击</translation>
        </message>
        <message>
            <source>Pin</source>
            <translation>牵制</translation>
        </message>
        <message>
            <source>Interference</source>
            <translation>拦截</translation>
        </message>
        <message>
            <source>Sacrifice</source>
            <translation>弃子</translation>
        </message>
        <message>
            <source>Trapped piece</source>
            <translation>捉死</translation>
        </message>
        <message>
            <source>Simplification</source>
            <translation>兑子</translation>
        </message>
        <message>
            <source>Win by the repetition rules</source>
            <translation>长将长捉判负</translation>
        </message>
        <message>
            <source>Opening</source>
            <translation>开局</translation>
        </message>
        <message>
            <source>Middlegame</source>
            <translation>中局</translation>
        </message>
        <message>
            <source>Endgame</source>
            <translation>残局</translation>
        </message>
        <message>
            <source>Pawn endgame</source>
            <translation>兵类残局</translation>
        </message>
        <message>
            <source>Rook endgame</source>
            <translation>车类残局</translation>
        </message>
        <message>
            <source>Horse endgame</source>
            <translation>马类残局</translation>
        </message>
        <message>
            <source>Cannon endgame</source>
            <translation>炮类残局</translation>
        </message>
        <message>
            <source>Horse and cannon endgame</source>
            <translation>马炮残局</translation>
        </message>
        <message>
            <source>Rook and horse endgame</source>
            <translation>车马残局</translation>
        </message>
        <message>
            <source>Rook and cannon endgame</source>
            <translation>车炮残局</translation>
        </message>
        <message>
            <source>Rook, horse and cannon endgame</source>
            <translation>车马炮残局</translation>
        </message>
    </context>
    <context>
        <name>MoveBox</name>
        <message>
            <source>&amp;Move:</source>
            <translation>着法(&amp;M)：</translation>
        </message>
        <message>
            <source>Move input</source>
            <translation>着法输入</translation>
        </message>
        <message>
            <source>Type a move in Chinese (炮二平五), WXF (C2.5) or ICCS (h2e2) notation and press Enter</source>
            <translation>用中文（炮二平五）、WXF（C2.5）或 ICCS（h2e2）记法输入着法，按回车走棋</translation>
        </message>
        <message>
            <source>e.g. {0} (Ctrl+L)</source>
            <translation>例如 {0}（Ctrl+L）</translation>
        </message>
        <message>
            <source>The game is over</source>
            <translation>对局已结束</translation>
        </message>
        <message>
            <source>A record is shown: “Play from here” in the move list's menu enters moves</source>
            <translation>正在查看棋谱：在着法列表的菜单中选“从此处续下”即可走棋</translation>
        </message>
        <message>
            <source>An earlier position is shown (End goes back to the game)</source>
            <translation>正在查看之前的局面（按 End 回到对局）</translation>
        </message>
        <message>
            <source>Not your turn</source>
            <translation>还没轮到你走</translation>
        </message>
        <message>
            <source>“{0}” is not a move: write it like 炮二平五, C2.5 or h2e2.</source>
            <translation>“{0}”不是着法：请写成 炮二平五、C2.5 或 h2e2 这样的形式。</translation>
        </message>
        <message>
            <source>“{0}” fits more than one move: {1}. Say which piece (e.g. 前/后).</source>
            <translation>“{0}”可以指不止一步：{1}。请说明是哪个棋子（如 前/后）。</translation>
        </message>
        <message>
            <source>“{0}” is not a legal move in this position.</source>
            <translation>“{0}”在这个局面不是合法着法。</translation>
        </message>
        <message>
            <source>The game is over: “{0}” was not played.</source>
            <translation>对局已结束：“{0}”没有走。</translation>
        </message>
        <message>
            <source>An earlier position is shown: “{0}” was not played (End goes back to the game).</source>
            <translation>正在查看之前的局面：“{0}”没有走（按 End 回到对局）。</translation>
        </message>
        <message>
            <source>Not your turn: “{0}” was not played.</source>
            <translation>还没轮到你：“{0}”没有走。</translation>
        </message>
    </context>
    <context>
        <name>MoveList</name>
        <message>
            <source>{0} was better</source>
            <translation>{0}较好</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Back to game</source>
            <translation>回到对局</translation>
        </message>
        <message>
            <source>Play from here</source>
            <translation>从此处续下</translation>
        </message>
        <message>
            <source>Other moves here: {0}</source>
            <translation>此处的其他着法：{0}</translation>
        </message>
        <message>
            <source>Viewing move {0} of {1}</source>
            <translation>正在查看第 {0} 步（共 {1} 步）</translation>
        </message>
    </context>
    <context>
        <name>MoveRefusal</name>
        <message>
            <source>There is no piece there</source>
            <translation>那里没有棋子</translation>
        </message>
        <message>
            <source>That is the opponent's piece</source>
            <translation>那是对方的棋子</translation>
        </message>
        <message>
            <source>A piece cannot take a piece of its own side</source>
            <translation>不能吃自己的子</translation>
        </message>
        <message>
            <source>That piece does not move that way</source>
            <translation>这个棋子不能这样走</translation>
        </message>
        <message>
            <source>The king and the advisors cannot leave the palace</source>
            <translation>帅（将）和仕（士）不能走出九宫</translation>
        </message>
        <message>
            <source>The elephants cannot cross the river</source>
            <translation>相（象）不能过河</translation>
        </message>
        <message>
            <source>The elephant's eye is blocked: a piece stands at the centre of its move</source>
            <translation>塞象眼：田字中心有棋子</translation>
        </message>
        <message>
            <source>The horse is hobbled: a piece stands on the point its leg steps over</source>
            <translation>蹩马腿：马直走的那一格有棋子</translation>
        </message>
        <message>
            <source>A piece stands in the way</source>
            <translation>中间有棋子，不能越过</translation>
        </message>
        <message>
            <source>A cannon captures by jumping over exactly one piece</source>
            <translation>炮吃子时必须隔着正好一个棋子</translation>
        </message>
        <message>
            <source>A pawn never moves backwards</source>
            <translation>兵（卒）不能后退</translation>
        </message>
        <message>
            <source>A pawn moves sideways only after crossing the river</source>
            <translation>兵（卒）过河后才能横走</translation>
        </message>
        <message>
            <source>Flying general: the two kings would face each other on an open file</source>
            <translation>飞将：走后将帅照面</translation>
        </message>
        <message>
            <source>That move would leave your own king in check</source>
            <translation>送将：走后自己的帅（将）被将军</translation>
        </message>
        <message>
            <source>You are in check: the move must answer it</source>
            <translation>被将军，必须应将</translation>
        </message>
    </context>
    <context>
        <name>NewGameDialog</name>
        <message>
            <source>New game</source>
            <translation>新对局</translation>
        </message>
        <message>
            <source>Players</source>
            <translation>棋手</translation>
        </message>
        <message>
            <source>Red (moves first)</source>
            <translation>红方（先走）</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Neither: the engine plays both sides</source>
            <translation>都不执：引擎自己对弈</translation>
        </message>
        <message>
            <source>Nobody (two players on this board)</source>
            <translation>无（两人在本机对弈）</translation>
        </message>
        <message>
            <source>no limit</source>
            <translation>不限</translation>
        </message>
        <message>
            <source>Limit strength to Elo (if the engine supports it)</source>
            <translation>限制棋力为 Elo（若引擎支持）</translation>
        </message>
        <message>
            <source>You play</source>
            <translation>你执</translation>
        </message>
        <message>
            <source>Opponent</source>
            <translation>对手</translation>
        </message>
        <message>
            <source>Level (1-5)</source>
            <translation>级别（1-5）</translation>
        </message>
        <message>
            <source>Depth</source>
            <translation>深度</translation>
        </message>
        <message>
            <source>Elo</source>
            <translation>Elo</translation>
        </message>
        <message>
            <source>The built-in engine is always there, with measured levels</source>
            <translation>内置引擎始终可用，各级别强度经过实测</translation>
        </message>
        <message>
            <source>Only the built-in engine was found</source>
            <translation>只找到内置引擎</translation>
        </message>
        <message>
            <source>Strongest: {0}</source>
            <translation>最强：{0}</translation>
        </message>
        <message>
            <source>about {0} Elo (measured against Fairy-Stockfish)</source>
            <translation>约 {0} 等级分（对 Fairy-Stockfish 测得）</translation>
        </message>
        <message>
            <source>Time control</source>
            <translation>计时方式</translation>
        </message>
        <message>
            <source>No time limit</source>
            <translation>不限时</translation>
        </message>
        <message>
            <source>Fixed time per engine move</source>
            <translation>引擎每步固定时间</translation>
        </message>
        <message>
            <source>Game clock</source>
            <translation>对局计时</translation>
        </message>
        <message>
            <source>Seconds per engine move</source>
            <translation>引擎每步秒数</translation>
        </message>
        <message>
            <source>Clock: minutes per side</source>
            <translation>计时：每方分钟数</translation>
        </message>
        <message>
            <source>Clock: increment (seconds)</source>
            <translation>计时：每步加秒</translation>
        </message>
        <message>
            <source>Clock: moves per period (0 = whole game)</source>
            <translation>计时：每阶段步数（0 = 整局）</translation>
        </message>
        <message>
            <source>Clock: byoyomi (seconds)</source>
            <translation>计时：读秒（秒）</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source> min</source>
            <translation> 分钟</translation>
        </message>
        <message>
            <source>whole game</source>
            <translation>整局</translation>
        </message>
        <message>
            <source>The engine thinks about 3 s per move.</source>
            <translation>引擎每步约思考 3 秒。</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>类型</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>起始局面</translation>
        </message>
        <message>
            <source>empty: the initial position; or paste a FEN</source>
            <translation>留空为初始局面，或粘贴 FEN</translation>
        </message>
        <message>
            <source>FEN</source>
            <translation>FEN</translation>
        </message>
    </context>
    <context>
        <name>OpenProgress</name>
        <message>
            <source>Opening {0}…</source>
            <translation>正在打开 {0}…</translation>
        </message>
    </context>
    <context>
        <name>OpeningDrillWindow</name>
        <message>
            <source>Opening drill</source>
            <translation>开局练习</translation>
        </message>
        <message>
            <source>Repertoire</source>
            <translation>开局谱</translation>
        </message>
        <message>
            <source>CCPD opening lines (shipped)</source>
            <translation>CCPD 开局谱（随程序附带）</translation>
        </message>
        <message>
            <source>A record file (PGN…)</source>
            <translation>棋谱文件（PGN 等）</translation>
        </message>
        <message>
            <source>An opening book file</source>
            <translation>开局库文件</translation>
        </message>
        <message>
            <source>The open book ({0})</source>
            <translation>已打开的开局库（{0}）</translation>
        </message>
        <message>
            <source>C&amp;hoose…</source>
            <translation>选择(&amp;H)…</translation>
        </message>
        <message>
            <source>&amp;Source:</source>
            <translation>来源(&amp;S)：</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Any move of the repertoire</source>
            <translation>谱中任何着法</translation>
        </message>
        <message>
            <source>Only its main move</source>
            <translation>只认主着</translation>
        </message>
        <message>
            <source>Which of your moves count as right: any move the repertoire plays in the position (moves it marks ? or ?! never), or only the one it plays most on its main lines</source>
            <translation>哪些着法算对：谱中在此局面下的任何着法（标有 ? 或 ?! 的除外），或只认谱中主变里最常走的那一步</translation>
        </message>
        <message>
            <source>To the end of the line</source>
            <translation>直到谱尽</translation>
        </message>
        <message>
            <source>{0} moves</source>
            <translation>{0} 回合</translation>
        </message>
        <message>
            <source>&amp;Side:</source>
            <translation>执子(&amp;I)：</translation>
        </message>
        <message>
            <source>&amp;Right moves:</source>
            <translation>算对的着法(&amp;R)：</translation>
        </message>
        <message>
            <source>&amp;Depth:</source>
            <translation>深度(&amp;D)：</translation>
        </message>
        <message>
            <source>S&amp;tart</source>
            <translation>开始(&amp;T)</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Details…</source>
            <translation>详情…</translation>
        </message>
        <message>
            <source>Show the &amp;move</source>
            <translation>看答案(&amp;M)</translation>
        </message>
        <message>
            <source>Show the repertoire's moves here (H); the position is then drilled again later, as after a wrong move</source>
            <translation>显示谱中此处的着法（H）；之后这个局面会像走错一样再次练习</translation>
        </message>
        <message>
            <source>&amp;Next line</source>
            <translation>下一变(&amp;N)</translation>
        </message>
        <message>
            <source>Start the next line (N): a due position first</source>
            <translation>开始下一变（N）：先练到期的局面</translation>
        </message>
        <message>
            <source>No file chosen</source>
            <translation>未选择文件</translation>
        </message>
        <message>
            <source>{0}: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0</source>
            <translation>{0}：Chinese Chess Practical Dataset（CCPD），Yu-Han Tseng，CC BY 4.0</translation>
        </message>
        <message>
            <source>Choose an opening book</source>
            <translation>选择开局库</translation>
        </message>
        <message>
            <source>Choose opening lines</source>
            <translation>选择开局谱</translation>
        </message>
        <message>
            <source>Opening books (*.book)</source>
            <translation>开局库 (*.book)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>The book cannot be opened: {0}</source>
            <translation>无法打开开局库：{0}</translation>
        </message>
        <message>
            <source>The file cannot be read: {0}</source>
            <translation>无法读取文件：{0}</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在读取 {0}…</translation>
        </message>
        <message>
            <source>Reading cancelled.</source>
            <translation>已取消读取。</translation>
        </message>
        <message>
            <source>{0}: {1} lines, {2} positions; {3} records skipped</source>
            <translation>{0}：{1} 路变例，{2} 个局面；跳过 {3} 局有问题的棋谱</translation>
        </message>
        <message>
            <source>{0}: {1} lines, {2} positions</source>
            <translation>{0}：{1} 路变例，{2} 个局面</translation>
        </message>
        <message>
            <source>These records could not be read and were left out:</source>
            <translation>以下棋谱无法读取，已跳过：</translation>
        </message>
        <message>
            <source>The repertoire has no line for this side.</source>
            <translation>谱中没有这一方的变例。</translation>
        </message>
        <message>
            <source>A position due for review: your move.</source>
            <translation>到期复习的局面：请走棋。</translation>
        </message>
        <message>
            <source>Your move.</source>
            <translation>请走棋。</translation>
        </message>
        <message>
            <source>The repertoire plays: {0}</source>
            <translation>谱中着法：{0}</translation>
        </message>
        <message>
            <source>The training history cannot be written: {0}</source>
            <translation>无法写入练习记录：{0}</translation>
        </message>
        <message>
            <source>Not in the repertoire. It plays: {0}</source>
            <translation>不在谱中。谱中着法：{0}</translation>
        </message>
        <message>
            <source>The repertoire marks this move as a mistake. It plays: {0}</source>
            <translation>谱中把这步标为错着。谱中着法：{0}</translation>
        </message>
        <message>
            <source>Not the repertoire's main move here. It plays: {0}</source>
            <translation>这不是谱中此处的主着。谱中着法：{0}</translation>
        </message>
        <message>
            <source>Right.</source>
            <translation>正确。</translation>
        </message>
        <message>
            <source>That's it.</source>
            <translation>对了。</translation>
        </message>
        <message>
            <source>The line ends here: press N for the next one.</source>
            <translation>这一变到此结束：按 N 开始下一变。</translation>
        </message>
        <message>
            <source>The position is added to the opening deck (next review: {0}).</source>
            <translation>此局面已加入开局复习（下次复习：{0}）。</translation>
        </message>
        <message>
            <source>Next review of this position: {0}.</source>
            <translation>此局面下次复习：{0}。</translation>
        </message>
        <message>
            <source>, </source>
            <translation>、</translation>
        </message>
        <message>
            <source>Choose a repertoire and press Start.</source>
            <translation>选择开局谱，然后按“开始”。</translation>
        </message>
        <message>
            <source>{0} ({1} lines)</source>
            <translation>{0}（{1} 路变例）</translation>
        </message>
        <message>
            <source>{0} lines of the repertoire pass here</source>
            <translation>谱中有 {0} 路变例经过这里</translation>
        </message>
        <message>
            <source>(start)</source>
            <translation>（开局）</translation>
        </message>
        <message>
            <source>Right {0} · wrong {1} · due positions {2}</source>
            <translation>对 {0} · 错 {1} · 到期局面 {2}</translation>
        </message>
    </context>
    <context>
        <name>OptionForm</name>
        <message>
            <source>Set by the program for every game</source>
            <translation>由程序在每局中设置</translation>
        </message>
    </context>
    <context>
        <name>PositionEditor</name>
        <message>
            <source>king</source>
            <translation>帅/将</translation>
        </message>
        <message>
            <source>advisor</source>
            <translation>仕/士</translation>
        </message>
        <message>
            <source>elephant</source>
            <translation>相/象</translation>
        </message>
        <message>
            <source>horse</source>
            <translation>马</translation>
        </message>
        <message>
            <source>rook</source>
            <translation>车</translation>
        </message>
        <message>
            <source>cannon</source>
            <translation>炮</translation>
        </message>
        <message>
            <source>pawn</source>
            <translation>兵/卒</translation>
        </message>
        <message>
            <source>Edit position</source>
            <translation>编辑局面</translation>
        </message>
        <message>
            <source>Red to move</source>
            <translation>红方走棋</translation>
        </message>
        <message>
            <source>Black to move</source>
            <translation>黑方走棋</translation>
        </message>
        <message>
            <source>Click a piece, then click the board (again to remove it):</source>
            <translation>先点选棋子，再点棋盘放置（再点一次移除）：</translation>
        </message>
        <message>
            <source>Clear board</source>
            <translation>清空棋盘</translation>
        </message>
        <message>
            <source>Initial position</source>
            <translation>初始局面</translation>
        </message>
        <message>
            <source>FEN:</source>
            <translation>FEN：</translation>
        </message>
        <message>
            <source>Remove</source>
            <translation>移除</translation>
        </message>
        <message>
            <source>Remove a piece</source>
            <translation>移除棋子</translation>
        </message>
        <message>
            <source>Red {0}</source>
            <translation>红{0}</translation>
        </message>
        <message>
            <source>Black {0}</source>
            <translation>黑{0}</translation>
        </message>
        <message>
            <source>Not a legal position: {0}</source>
            <translation>局面不合法：{0}</translation>
        </message>
        <message>
            <source>Legal position.</source>
            <translation>局面合法。</translation>
        </message>
    </context>
    <context>
        <name>PositionProblem</name>
        <message>
            <source>red king</source>
            <translation>红帅</translation>
        </message>
        <message>
            <source>red advisor</source>
            <translation>红仕</translation>
        </message>
        <message>
            <source>red elephant</source>
            <translation>红相</translation>
        </message>
        <message>
            <source>red horse</source>
            <translation>红马</translation>
        </message>
        <message>
            <source>red rook</source>
            <translation>红车</translation>
        </message>
        <message>
            <source>red cannon</source>
            <translation>红炮</translation>
        </message>
        <message>
            <source>red pawn</source>
            <translation>红兵</translation>
        </message>
        <message>
            <source>black king</source>
            <translation>黑将</translation>
        </message>
        <message>
            <source>black advisor</source>
            <translation>黑士</translation>
        </message>
        <message>
            <source>black elephant</source>
            <translation>黑象</translation>
        </message>
        <message>
            <source>black horse</source>
            <translation>黑马</translation>
        </message>
        <message>
            <source>black rook</source>
            <translation>黑车</translation>
        </message>
        <message>
            <source>black cannon</source>
            <translation>黑炮</translation>
        </message>
        <message>
            <source>black pawn</source>
            <translation>黑卒</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0}: {1} on the board, at most {2} allowed</source>
            <translation>{0}：棋盘上有 {1} 个，最多只能有 {2} 个</translation>
        </message>
        <message>
            <source>the {0} is missing</source>
            <translation>缺少{0}</translation>
        </message>
        <message>
            <source>the {0} on {1} is outside its palace</source>
            <translation>{0}（{1}）在九宫之外</translation>
        </message>
        <message>
            <source>the {0} on {1} stands where it can never go</source>
            <translation>{0}（{1}）在它永远走不到的位置</translation>
        </message>
        <message>
            <source>the {0} on {1} is behind its starting rank (pawns never move back)</source>
            <translation>{0}（{1}）在起始横线之后（兵卒不能后退）</translation>
        </message>
        <message>
            <source>{0} is in check (or the kings face each other) but it is {1} to move</source>
            <translation>{0}正被将军（或双方将帅照面），却轮到{1}走棋</translation>
        </message>
    </context>
    <context>
        <name>PrintOptionsDialog</name>
        <message>
            <source>Export PDF</source>
            <translation>导出 PDF</translation>
        </message>
        <message>
            <source>Print</source>
            <translation>打印</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>浏览(&amp;B)…</translation>
        </message>
        <message>
            <source>&amp;File:</source>
            <translation>文件(&amp;F)：</translation>
        </message>
        <message>
            <source>only at the end</source>
            <translation>仅在终局</translation>
        </message>
        <message>
            <source> moves</source>
            <translation> 回合</translation>
        </message>
        <message>
            <source>&amp;Diagram every:</source>
            <translation>棋图间隔(&amp;D)：</translation>
        </message>
        <message>
            <source>Chinese (炮二平五)</source>
            <translation>中文（炮二平五）</translation>
        </message>
        <message>
            <source>WXF (C2=5)</source>
            <translation>WXF（C2=5）</translation>
        </message>
        <message>
            <source>ICCS (h2e2)</source>
            <translation>ICCS（h2e2）</translation>
        </message>
        <message>
            <source>&amp;Notation:</source>
            <translation>记谱法(&amp;N)：</translation>
        </message>
        <message>
            <source>&amp;Comments</source>
            <translation>注释(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Header (players, event, date, result)</source>
            <translation>标题（棋手、赛事、日期、结果）(&amp;H)</translation>
        </message>
        <message>
            <source>PDF documents (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
    </context>
    <context>
        <name>PrintSheet</name>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>The game goes on for {0} more plies: a sheet prints the first {1}.</source>
            <translation>对局还有 {0} 步未印出：每份只印前 {1} 步。</translation>
        </message>
        <message>
            <source>{0} more diagrams are left out: a sheet holds at most {1}.</source>
            <translation>另有 {0} 幅棋图省略：每份最多 {1} 幅。</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>起始局面</translation>
        </message>
    </context>
    <context>
        <name>PrintUi</name>
        <message>
            <source>&amp;Print…</source>
            <translation>打印(&amp;P)…</translation>
        </message>
        <message>
            <source>Export P&amp;DF…</source>
            <translation>导出 PDF(&amp;D)…</translation>
        </message>
        <message>
            <source>A sheet is still being made</source>
            <translation>上一份棋谱还在排版</translation>
        </message>
        <message>
            <source>Export PDF</source>
            <translation>导出 PDF</translation>
        </message>
        <message>
            <source>Print</source>
            <translation>打印</translation>
        </message>
        <message>
            <source>Drawing the diagrams…</source>
            <translation>正在绘制棋图…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Drawing the diagrams: {0} of {1}…</source>
            <translation>正在绘制棋图：第 {0} 张，共 {1} 张…</translation>
        </message>
        <message>
            <source>Sheet cancelled: nothing printed or saved</source>
            <translation>已取消：未打印也未保存</translation>
        </message>
        <message>
            <source>The sheet cannot be made</source>
            <translation>无法生成棋谱</translation>
        </message>
        <message>
            <source>The sheet stops short of the game ({0} plies and {1} diagrams left out: at most {2} plies and {3} diagrams a sheet)</source>
            <translation>棋谱未印全（省略 {0} 步和 {1} 幅棋图：每份最多 {2} 步、{3} 幅棋图）</translation>
        </message>
        <message>
            <source>The PDF cannot be saved</source>
            <translation>PDF 无法保存</translation>
        </message>
        <message>
            <source>PDF saved: {0}</source>
            <translation>PDF 已保存：{0}</translation>
        </message>
    </context>
    <context>
        <name>ProfileBusyDialog</name>
        <message>
            <source>Xiangqi is already open</source>
            <translation>中国象棋已经打开</translation>
        </message>
        <message>
            <source>Another Xiangqi window (process {0}) is using this profile:
{1}

Its game is saved after every move; a second window on the same profile would overwrite it. This window opens by itself as soon as the other one closes.</source>
            <translation>另一个中国象棋窗口（进程 {0}）正在使用这个配置：
{1}

那个窗口每走一步都会保存对局；同一配置的第二个窗口会覆盖它。另一个窗口关闭后，本窗口会自动打开。</translation>
        </message>
        <message>
            <source>Open read-only</source>
            <translation>以只读方式打开</translation>
        </message>
        <message>
            <source>Use a separate profile</source>
            <translation>使用单独的配置</translation>
        </message>
    </context>
    <context>
        <name>ProfileLock</name>
        <message>
            <source>Xiangqi (read-only profile)</source>
            <translation>中国象棋（只读配置）</translation>
        </message>
        <message>
            <source>Xiangqi (separate profile)</source>
            <translation>中国象棋（单独配置）</translation>
        </message>
    </context>
    <context>
        <name>ProgressView</name>
        <message>
            <source>Training progress</source>
            <translation>练习进度</translation>
        </message>
        <message>
            <source>&amp;Export history…</source>
            <translation>导出记录(&amp;E)…</translation>
        </message>
        <message>
            <source>&amp;Import history…</source>
            <translation>导入记录(&amp;I)…</translation>
        </message>
        <message>
            <source>&amp;Undo import</source>
            <translation>撤销导入(&amp;U)</translation>
        </message>
        <message>
            <source>Put the training history back as it was before the last import</source>
            <translation>把练习记录恢复到上次导入之前</translation>
        </message>
        <message>
            <source>&amp;Rating</source>
            <translation>等级分(&amp;R)</translation>
        </message>
        <message>
            <source>T&amp;hemes</source>
            <translation>题型(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Answers</source>
            <translation>答题(&amp;A)</translation>
        </message>
        <message>
            <source>D&amp;ue</source>
            <translation>到期(&amp;U)</translation>
        </message>
        <message>
            <source>Mate</source>
            <translation>杀法</translation>
        </message>
        <message>
            <source>Advantage</source>
            <translation>优势</translation>
        </message>
        <message>
            <source>Crushing</source>
            <translation>大优</translation>
        </message>
        <message>
            <source>Only move</source>
            <translation>唯一着法</translation>
        </message>
        <message>
            <source>Material</source>
            <translation>得子</translation>
        </message>
        <message>
            <source>Sacrifice</source>
            <translation>弃子</translation>
        </message>
        <message>
            <source>Quiet move</source>
            <translation>静着</translation>
        </message>
        <message>
            <source>Endgame</source>
            <translation>残局</translation>
        </message>
        <message>
            <source>Middlegame</source>
            <translation>中局</translation>
        </message>
        <message>
            <source>One move</source>
            <translation>一步</translation>
        </message>
        <message>
            <source>Long</source>
            <translation>长题</translation>
        </message>
        <message>
            <source>Other sets</source>
            <translation>其他题集</translation>
        </message>
        <message>
            <source>Mistakes</source>
            <translation>错题本</translation>
        </message>
        <message>
            <source>Puzzles</source>
            <translation>谜题</translation>
        </message>
        <message>
            <source>Openings</source>
            <translation>开局</translation>
        </message>
        <message>
            <source>{0}: {1} due of {2}</source>
            <translation>{0}：{2} 张中 {1} 张到期</translation>
        </message>
        <message>
            <source>Cards due now: {0}.</source>
            <translation>现在到期的卡片：{0}。</translation>
        </message>
        <message>
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <source>Puzzle rating</source>
            <translation>谜题等级分</translation>
        </message>
        <message>
            <source>Puzzle rating: no attempts yet</source>
            <translation>谜题等级分：尚无尝试</translation>
        </message>
        <message>
            <source>Import cancelled: nothing was imported.</source>
            <translation>已取消导入：未导入任何内容。</translation>
        </message>
        <message>
            <source>Undo import</source>
            <translation>撤销导入</translation>
        </message>
        <message>
            <source>Put the training history back as it was before the last import? Everything trained since that import is lost.</source>
            <translation>把练习记录恢复到上次导入之前？此后的练习记录将丢失。</translation>
        </message>
        <message>
            <source>The import was not undone.</source>
            <translation>未能撤销导入。</translation>
        </message>
        <message>
            <source>The training history is back as it was before the import.</source>
            <translation>练习记录已恢复到导入之前。</translation>
        </message>
        <message>
            <source>Rating</source>
            <translation>等级分</translation>
        </message>
        <message>
            <source>Solved</source>
            <translation>解出</translation>
        </message>
        <message>
            <source>Not solved</source>
            <translation>未解出</translation>
        </message>
        <message>
            <source>Puzzles per theme</source>
            <translation>各题型的谜题</translation>
        </message>
        <message>
            <source>Puzzles per theme: none tried yet</source>
            <translation>各题型的谜题：还没有做过</translation>
        </message>
        <message>
            <source>Right</source>
            <translation>答对</translation>
        </message>
        <message>
            <source>Wrong</source>
            <translation>答错</translation>
        </message>
        <message>
            <source>Cards answered, last {0} days</source>
            <translation>最近 {0} 天复习的卡片</translation>
        </message>
        <message>
            <source>Today</source>
            <translation>今天</translation>
        </message>
        <message>
            <source>Cards due in the days ahead</source>
            <translation>今后几天到期的卡片</translation>
        </message>
        <message>
            <source>Export the training history</source>
            <translation>导出练习记录</translation>
        </message>
        <message>
            <source>Training history (*.json)</source>
            <translation>练习记录 (*.json)</translation>
        </message>
        <message>
            <source>Import a training history</source>
            <translation>导入练习记录</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>The training history was not exported.</source>
            <translation>练习记录没有导出。</translation>
        </message>
        <message>
            <source>{0} entries written to {1}.</source>
            <translation>已把 {0} 条记录写入 {1}。</translation>
        </message>
        <message>
            <source>Importing {0}…</source>
            <translation>正在导入 {0}…</translation>
        </message>
        <message>
            <source>Nothing was imported: the file cannot be used.</source>
            <translation>没有导入任何记录：这个文件不能使用。</translation>
        </message>
        <message>
            <source>{0} entries added from {1}; {2} were here already.</source>
            <translation>已从 {1} 加入 {0} 条记录；{2} 条原来就有。</translation>
        </message>
    </context>
    <context>
        <name>PuzzleMixChooser</name>
        <message>
            <source>All puzzles</source>
            <translation>全部谜题</translation>
        </message>
        <message>
            <source>Outcome</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Phase</source>
            <translation>阶段</translation>
        </message>
        <message>
            <source>Mates (杀法)</source>
            <translation>杀法</translation>
        </message>
        <message>
            <source>Tactics</source>
            <translation>战术</translation>
        </message>
        <message>
            <source>Endgame types</source>
            <translation>残局类型</translation>
        </message>
        <message>
            <source>Themes: all ({0}) ▾</source>
            <translation>主题：全部（{0}）▾</translation>
        </message>
        <message>
            <source>Themes: {0} ({1}) ▾</source>
            <translation>主题：{0}（{1}）▾</translation>
        </message>
    </context>
    <context>
        <name>PuzzleSolver</name>
        <message>
            <source>Hint</source>
            <translation>提示</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>重试</translation>
        </message>
        <message>
            <source>Show solution</source>
            <translation>显示答案</translation>
        </message>
        <message>
            <source>Next puzzle</source>
            <translation>下一题</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0} to move: find the best move.</source>
            <translation>{0}走：找出最佳着法。</translation>
        </message>
        <message>
            <source>Right! {0} to move: go on.</source>
            <translation>正确！{0}继续走。</translation>
        </message>
        <message>
            <source>Checking your move…</source>
            <translation>正在检查你的着法…</translation>
        </message>
        <message>
            <source>Checking your move… (the engine failed; asking it again)</source>
            <translation>正在检查你的着法…（引擎出错，正在重新询问）</translation>
        </message>
        <message>
            <source>The engine cannot judge moves: {0}</source>
            <translation>引擎无法判断着法：{0}</translation>
        </message>
        <message>
            <source>Not the best move: {0} is answered by {1}.</source>
            <translation>不是最佳着法：{0}，对方应以{1}。</translation>
        </message>
        <message>
            <source>Not the best move: {0}.</source>
            <translation>不是最佳着法：{0}。</translation>
        </message>
        <message>
            <source>Solved!</source>
            <translation>解出来了！</translation>
        </message>
        <message>
            <source>Themes: {0}</source>
            <translation>主题：{0}</translation>
        </message>
        <message>
            <source>Hint: move {0}. Press Hint again to see the move.</source>
            <translation>提示：走{0}。再按“提示”看着法。</translation>
        </message>
        <message>
            <source>Hint: {0}.</source>
            <translation>提示：{0}。</translation>
        </message>
        <message>
            <source>A puzzle solved with a hint is not counted as solved for your rating.</source>
            <translation>使用提示解出的谜题不计入等级分。</translation>
        </message>
        <message>
            <source>The solution: {0}</source>
            <translation>答案：{0}</translation>
        </message>
        <message>
            <source>The solution: {0}.</source>
            <translation>答案：{0}。</translation>
        </message>
    </context>
    <context>
        <name>PuzzleTrainer</name>
        <message>
            <source>Puzzles</source>
            <translation>谜题</translation>
        </message>
        <message>
            <source>Open puzzle set…</source>
            <translation>打开谜题集…</translation>
        </message>
        <message>
            <source>Winning advantage</source>
            <translation>取得胜势</translation>
        </message>
        <message>
            <source>Mate</source>
            <translation>杀法</translation>
        </message>
        <message>
            <source>Crushing</source>
            <translation>大优</translation>
        </message>
        <message>
            <source>Only move</source>
            <translation>唯一着法</translation>
        </message>
        <message>
            <source>Wins material</source>
            <translation>得子</translation>
        </message>
        <message>
            <source>Sacrifice</source>
            <translation>弃子</translation>
        </message>
        <message>
            <source>Quiet move</source>
            <translation>静着</translation>
        </message>
        <message>
            <source>Endgame</source>
            <translation>残局</translation>
        </message>
        <message>
            <source>Middlegame</source>
            <translation>中局</translation>
        </message>
        <message>
            <source>One move</source>
            <translation>一步</translation>
        </message>
        <message>
            <source>Long (3 moves or more)</source>
            <translation>长题（三步以上）</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在读取 {0}…</translation>
        </message>
        <message>
            <source>The puzzle set cannot be read.</source>
            <translation>无法读取谜题集。</translation>
        </message>
        <message>
            <source>Some puzzles were skipped.</source>
            <translation>有些谜题被跳过了。</translation>
        </message>
        <message>
            <source>No puzzle to show.</source>
            <translation>没有可显示的谜题。</translation>
        </message>
        <message>
            <source>Mate in {0}. </source>
            <translation>{0} 步杀。</translation>
        </message>
        <message>
            <source>{0}Puzzle rating {1}. {2}</source>
            <translation>{0}题目等级分 {1}。{2}</translation>
        </message>
        <message>
            <source>Not saved: the training history is read-only.</source>
            <translation>未保存：练习记录为只读。</translation>
        </message>
        <message>
            <source>The attempt cannot be saved.</source>
            <translation>无法保存这次练习。</translation>
        </message>
        <message>
            <source>This puzzle joins your review deck (Training › Due today).</source>
            <translation>这道题已加入复习卡片（练习 › 今日复习）。</translation>
        </message>
        <message>
            <source>Your rating: {0}{1} · streak {2} (best {3})</source>
            <translation>你的等级分：{0}{1} · 连对 {2}（最佳 {3}）</translation>
        </message>
        <message>
            <source>Open puzzle set</source>
            <translation>打开谜题集</translation>
        </message>
        <message>
            <source>Puzzle sets (*.puzzles)</source>
            <translation>谜题集 (*.puzzles)</translation>
        </message>
    </context>
    <context>
        <name>RecordFormats</name>
        <message>
            <source>Game records ({0})</source>
            <translation>棋谱文件（{0}）</translation>
        </message>
        <message>
            <source>PGN, WinBoard PGN ({0})</source>
            <translation>PGN、WinBoard PGN（{0}）</translation>
        </message>
        <message>
            <source>XQF (象棋演播室, 象棋巫师) ({0})</source>
            <translation>XQF（象棋演播室、象棋巫师）（{0}）</translation>
        </message>
        <message>
            <source>CCBridge (象棋桥) ({0})</source>
            <translation>象棋桥 CCBridge（{0}）</translation>
        </message>
        <message>
            <source>DhtmlXQ web pages and texts ({0})</source>
            <translation>DhtmlXQ 网页与文本（{0}）</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有文件 (*)</translation>
        </message>
        <message>
            <source>WinBoard/XBoard PGN, for XBoard and pychess (*.pgn)</source>
            <translation>WinBoard/XBoard PGN，供 XBoard 与 pychess 使用 (*.pgn)</translation>
        </message>
        <message>
            <source>XQF, for 象棋巫师 and 象棋演播室 (*.xqf)</source>
            <translation>XQF，供象棋巫师与象棋演播室使用 (*.xqf)</translation>
        </message>
    </context>
    <context>
        <name>RecordShapes</name>
        <message>
            <source>the start position</source>
            <translation>开局局面</translation>
        </message>
        <message>
            <source>{0}: the comment holds more than {1} drawn shapes; the first {1} are shown, and drawing on this move is off</source>
            <translation>{0}：注释中的标记超过 {1} 个，只显示前 {1} 个，此步不能再画标记</translation>
        </message>
        <message>
            <source>At most {0} shapes can be drawn on a move</source>
            <translation>每步最多画 {0} 个标记</translation>
        </message>
    </context>
    <context>
        <name>RecordUi</name>
        <message>
            <source>Comments and variations</source>
            <translation>注释与变着</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>另存为(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <source>Edit p&amp;osition…</source>
            <translation>编辑局面(&amp;O)…</translation>
        </message>
        <message>
            <source>(no recent files)</source>
            <translation>（没有最近的文件）</translation>
        </message>
        <message>
            <source>The file is gone</source>
            <translation>文件已不存在</translation>
        </message>
        <message>
            <source>{0} no longer exists.</source>
            <translation>{0} 已不存在。</translation>
        </message>
        <message>
            <source>Untitled game</source>
            <translation>未命名对局</translation>
        </message>
        <message>
            <source>{0}[*] — Xiangqi</source>
            <translation>{0}[*] — 中国象棋</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>未保存的更改</translation>
        </message>
        <message>
            <source>The current game has changes that are not saved. Save them first?</source>
            <translation>当前对局有未保存的更改。先保存吗？</translation>
        </message>
        <message>
            <source>The game has changes that are not saved. Save them before closing?</source>
            <translation>对局有未保存的更改。关闭前要保存吗？</translation>
        </message>
        <message>
            <source>Open a game record</source>
            <translation>打开棋谱</translation>
        </message>
        <message>
            <source>Cannot open the file</source>
            <translation>无法打开文件</translation>
        </message>
        <message>
            <source>{0} is not a game record this program reads.</source>
            <translation>{0} 不是本程序能读取的棋谱文件。</translation>
        </message>
        <message>
            <source>{0} is not a readable XQF file.</source>
            <translation>{0} 不是可读取的 XQF 文件。</translation>
        </message>
        <message>
            <source>No games</source>
            <translation>没有对局</translation>
        </message>
        <message>
            <source>{0} holds no game.</source>
            <translation>{0} 中没有对局。</translation>
        </message>
        <message>
            <source>Opening {0} was cancelled.</source>
            <translation>已取消打开 {0}。</translation>
        </message>
        <message>
            <source>the clipboard</source>
            <translation>剪贴板</translation>
        </message>
        <message>
            <source>Cannot read the game</source>
            <translation>无法读取对局</translation>
        </message>
        <message>
            <source>No move of the game in {0} could be read; the current game is kept.</source>
            <translation>{0} 中的着法都无法读取；当前对局保持不变。</translation>
        </message>
        <message>
            <source>Problems in the game</source>
            <translation>对局中有问题</translation>
        </message>
        <message>
            <source>Parts of the game in {0} could not be read; the moves before each problem are shown.</source>
            <translation>{0} 中的部分对局无法读取；显示出错之前的着法。</translation>
        </message>
        <message>
            <source>Opened {0}</source>
            <translation>已打开 {0}</translation>
        </message>
        <message>
            <source>Saved {0}</source>
            <translation>已保存 {0}</translation>
        </message>
        <message>
            <source>The game was not saved</source>
            <translation>对局未保存</translation>
        </message>
        <message>
            <source>{0} was not written (the file on disk is unchanged).</source>
            <translation>{0} 未写入（磁盘上的文件未改变）。</translation>
        </message>
        <message>
            <source>The file is read-only</source>
            <translation>文件是只读的</translation>
        </message>
        <message>
            <source>{0} is marked read-only, so it was not changed. Save the game under another name?</source>
            <translation>{0} 被标记为只读，所以没有修改。要把棋局另存为其他文件名吗？</translation>
        </message>
        <message>
            <source>Chinese notation</source>
            <translation>中文记谱</translation>
        </message>
        <message>
            <source>WXF notation</source>
            <translation>WXF 记谱</translation>
        </message>
        <message>
            <source>ICCS coordinates</source>
            <translation>ICCS 坐标</translation>
        </message>
        <message>
            <source>PGN, {0}, {1} (*.pgn)</source>
            <translation>PGN，{0}，{1} (*.pgn)</translation>
        </message>
        <message>
            <source>Save the game as</source>
            <translation>对局另存为</translation>
        </message>
        <message>
            <source>New game from the edited position</source>
            <translation>从编辑的局面开始新对局</translation>
        </message>
    </context>
    <context>
        <name>ReplayBar</name>
        <message>
            <source>Replay</source>
            <translation>打谱</translation>
        </message>
        <message>
            <source>First move</source>
            <translation>第一步</translation>
        </message>
        <message>
            <source>Previous move</source>
            <translation>上一步</translation>
        </message>
        <message>
            <source>Next move</source>
            <translation>下一步</translation>
        </message>
        <message>
            <source>Last move</source>
            <translation>最后一步</translation>
        </message>
        <message>
            <source>Auto-play</source>
            <translation>自动播放</translation>
        </message>
        <message>
            <source> s/move</source>
            <translation> 秒/步</translation>
        </message>
        <message>
            <source>Seconds per move when playing automatically</source>
            <translation>自动播放时每步的秒数</translation>
        </message>
        <message>
            <source>Speed:</source>
            <translation>速度：</translation>
        </message>
    </context>
    <context>
        <name>Result</name>
        <message>
            <source>Draw</source>
            <translation>和棋</translation>
        </message>
        <message>
            <source>Red wins</source>
            <translation>红方胜</translation>
        </message>
        <message>
            <source>Black wins</source>
            <translation>黑方胜</translation>
        </message>
        <message>
            <source>by checkmate</source>
            <translation>将死</translation>
        </message>
        <message>
            <source>by stalemate: the side to move has no legal move</source>
            <translation>困毙：走棋方无子可动</translation>
        </message>
        <message>
            <source>60 moves without a capture</source>
            <translation>六十回合无吃子</translation>
        </message>
        <message>
            <source>by repetition</source>
            <translation>重复局面</translation>
        </message>
        <message>
            <source>perpetual check is forbidden</source>
            <translation>长将判负</translation>
        </message>
        <message>
            <source>perpetual chase is forbidden</source>
            <translation>长捉判负</translation>
        </message>
        <message>
            <source>neither side can attack any more</source>
            <translation>双方都已无进攻子力</translation>
        </message>
        <message>
            <source>on time</source>
            <translation>超时</translation>
        </message>
        <message>
            <source>by resignation</source>
            <translation>认输</translation>
        </message>
        <message>
            <source>by agreement</source>
            <translation>双方议和</translation>
        </message>
        <message>
            <source>by the rules</source>
            <translation>按规则判定</translation>
        </message>
        <message>
            <source>You win!</source>
            <translation>你赢了！</translation>
        </message>
        <message>
            <source>You lose.</source>
            <translation>你输了。</translation>
        </message>
    </context>
    <context>
        <name>ResultDialog</name>
        <message>
            <source>Game over</source>
            <translation>对局结束</translation>
        </message>
        <message>
            <source>New game</source>
            <translation>新对局</translation>
        </message>
    </context>
    <context>
        <name>ResultsModel</name>
        <message>
            <source>ID</source>
            <translation>编号</translation>
        </message>
        <message>
            <source>Ply</source>
            <translation>步</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>结果</translation>
        </message>
        <message>
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>赛事</translation>
        </message>
        <message>
            <source>ECCO</source>
            <translation>ECCO</translation>
        </message>
        <message>
            <source>Plies</source>
            <translation>步数</translation>
        </message>
    </context>
    <context>
        <name>ReviewDialog</name>
        <message>
            <source>Quick</source>
            <translation>快速</translation>
        </message>
        <message>
            <source>Normal</source>
            <translation>标准</translation>
        </message>
        <message>
            <source>Deep</source>
            <translation>深入</translation>
        </message>
        <message>
            <source>Review the game</source>
            <translation>复盘</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>开始</translation>
        </message>
        <message>
            <source>Time per position</source>
            <translation>每步限时</translation>
        </message>
        <message>
            <source>Quick, normal and deep search a fixed number of positions: the same review gives the same marks on a busy machine. A time per position searches less when the machine is busy.</source>
            <translation>快速、标准、深入按固定的搜索节点数分析：同一局复盘在繁忙的电脑上标注也相同。按每步限时，电脑繁忙时搜索得更浅。</translation>
        </message>
        <message>
            <source> ms</source>
            <translation> 毫秒</translation>
        </message>
        <message>
            <source>Analyse the {0} positions of the main line and mark the moves.</source>
            <translation>分析主线的 {0} 个局面并标注着法。</translation>
        </message>
        <message>
            <source>Engine:</source>
            <translation>引擎：</translation>
        </message>
        <message>
            <source>Strength:</source>
            <translation>强度：</translation>
        </message>
        <message>
            <source>Time per position:</source>
            <translation>每个局面的时间：</translation>
        </message>
        <message>
            <source>Engines at once:</source>
            <translation>同时运行的引擎数：</translation>
        </message>
        <message>
            <source>This record cannot be reviewed: {0}</source>
            <translation>无法复盘这份棋谱：{0}</translation>
        </message>
        <message>
            <source>Analysing with {0}…</source>
            <translation>正在用 {0} 分析…</translation>
        </message>
        <message>
            <source>The review stopped: {0}</source>
            <translation>复盘中止：{0}</translation>
        </message>
    </context>
    <context>
        <name>ReviewProgress</name>
        <message>
            <source>Review: {0} of {1} positions</source>
            <translation>复盘：{0} / {1} 个局面</translation>
        </message>
        <message>
            <source>about {0} left</source>
            <translation>约剩 {0}</translation>
        </message>
    </context>
    <context>
        <name>ReviewSummaryView</name>
        <message>
            <source>Red</source>
            <translation>红方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Inaccuracies ?!</source>
            <translation>疑问着 ?!</translation>
        </message>
        <message>
            <source>Mistakes ?</source>
            <translation>错着 ?</translation>
        </message>
        <message>
            <source>Blunders ??</source>
            <translation>败着 ??</translation>
        </message>
        <message>
            <source>Accuracy</source>
            <translation>准确率</translation>
        </message>
        <message>
            <source>Average loss a move (pawns)</source>
            <translation>平均每步损失（单位：兵）</translation>
        </message>
        <message>
            <source>Marks by winning chances lost: ?! from {0}, ? from {1}, ?? from {2} points.</source>
            <translation>按损失的胜率标注：损失 {0} 个百分点起记 ?!，{1} 个起记 ?，{2} 个起记 ??。</translation>
        </message>
        <message>
            <source>{0}. {1}: {2} {3}</source>
            <translation>{0}. {1}：{2} {3}</translation>
        </message>
    </context>
    <context>
        <name>ScoreText</name>
        <message>
            <source>Red wins by rule</source>
            <translation>按规则红胜</translation>
        </message>
        <message>
            <source>Black wins by rule</source>
            <translation>按规则黑胜</translation>
        </message>
        <message>
            <source>book move</source>
            <translation>开局库着法</translation>
        </message>
        <message>
            <source>Red's view</source>
            <translation>红方视角</translation>
        </message>
        <message>
            <source>Scores from red's point of view, in pawns: + red is ahead, - black is; #5 red mates in 5 moves, #-5 black mates in 5</source>
            <translation>红方视角的分数，以兵为单位：正数红方占优，负数黑方占优；#5 表示红方 5 回合内将死对方，#-5 表示黑方 5 回合内将死对方</translation>
        </message>
    </context>
    <context>
        <name>SearchForm</name>
        <message>
            <source>either colour</source>
            <translation>执红或执黑</translation>
        </message>
        <message>
            <source>as red</source>
            <translation>执红</translation>
        </message>
        <message>
            <source>as black</source>
            <translation>执黑</translation>
        </message>
        <message>
            <source>any result</source>
            <translation>任意结果</translation>
        </message>
        <message>
            <source>red won</source>
            <translation>红胜</translation>
        </message>
        <message>
            <source>drawn</source>
            <translation>和棋</translation>
        </message>
        <message>
            <source>black won</source>
            <translation>黑胜</translation>
        </message>
        <message>
            <source>Games that reached the board's position</source>
            <translation>到达棋盘当前局面的棋局</translation>
        </message>
        <message>
            <source>a name or part of it</source>
            <translation>姓名或其中一部分</translation>
        </message>
        <message>
            <source>a code or a name, e.g. C9</source>
            <translation>编号或名称，如 C9</translation>
        </message>
        <message>
            <source>An ECCO code or its start (C9 finds C90 to C99), or an opening's name</source>
            <translation>ECCO 编号或其开头（C9 找 C90 到 C99），或开局名称</translation>
        </message>
        <message>
            <source>e.g. RHC-RC</source>
            <translation>如 车马炮-车炮</translation>
        </message>
        <message>
            <source>The rooks (R), horses (H) and cannons (C) of each side at some moment of the game, red first: RHC-RC</source>
            <translation>对局中某一时刻双方的车、马、炮，红方在前，如 车马炮-车炮</translation>
        </message>
        <message>
            <source>e.g. Ra0,ce7</source>
            <translation>如 Ra0,ce7</translation>
        </message>
        <message>
            <source>Pieces on points at one moment: a piece letter (upper case red, lower case black) and a point, e.g. Ra0,ce7</source>
            <translation>某一时刻在指定位置上的棋子：棋子字母（大写红方，小写黑方）加位置，如 Ra0,ce7</translation>
        </message>
        <message>
            <source>from YYYY</source>
            <translation>起始年份</translation>
        </message>
        <message>
            <source>to YYYY</source>
            <translation>截止年份</translation>
        </message>
        <message>
            <source>A year, or a date as YYYY.MM.DD</source>
            <translation>年份，或形如 2024.05.01 的日期</translation>
        </message>
        <message>
            <source>&amp;Search</source>
            <translation>搜索(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Reset</source>
            <translation>重置(&amp;R)</translation>
        </message>
        <message>
            <source>any</source>
            <translation>不限</translation>
        </message>
        <message>
            <source>Player:</source>
            <translation>棋手：</translation>
        </message>
        <message>
            <source>Event:</source>
            <translation>赛事：</translation>
        </message>
        <message>
            <source>Date:</source>
            <translation>日期：</translation>
        </message>
        <message>
            <source>Result:</source>
            <translation>结果：</translation>
        </message>
        <message>
            <source>ECCO:</source>
            <translation>ECCO：</translation>
        </message>
        <message>
            <source>Plies:</source>
            <translation>步数：</translation>
        </message>
        <message>
            <source>Material:</source>
            <translation>子力：</translation>
        </message>
        <message>
            <source>Pieces:</source>
            <translation>棋子：</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <source>Settings</source>
            <translation>设置</translation>
        </message>
        <message>
            <source>Settings not saved: the change applies until the program closes.</source>
            <translation>设置未保存：此更改在程序关闭前有效。</translation>
        </message>
        <message>
            <source>The change applies now but could not be saved, so it will be lost when the program closes. Your settings file was left as it was.</source>
            <translation>更改已生效，但无法保存，程序关闭后将会丢失。您的设置文件保持原样。</translation>
        </message>
        <message>
            <source>Game</source>
            <translation>对局</translation>
        </message>
        <message>
            <source>Appearance</source>
            <translation>外观</translation>
        </message>
        <message>
            <source>Sound</source>
            <translation>声音</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>语言</translation>
        </message>
        <message>
            <source>Engines</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>Written as your side's player in the games you play</source>
            <translation>在你下的对局中记为你一方的棋手名</translation>
        </message>
        <message>
            <source>Your name</source>
            <translation>你的名字</translation>
        </message>
        <message>
            <source>You play</source>
            <translation>你执</translation>
        </message>
        <message>
            <source>Red (moves first)</source>
            <translation>红方（先走）</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Level (1–5)</source>
            <translation>级别（1–5）</translation>
        </message>
        <message>
            <source>Time control</source>
            <translation>计时方式</translation>
        </message>
        <message>
            <source>No time limit</source>
            <translation>不限时</translation>
        </message>
        <message>
            <source>Fixed time per engine move</source>
            <translation>引擎每步固定时间</translation>
        </message>
        <message>
            <source>Game clock</source>
            <translation>对局计时</translation>
        </message>
        <message>
            <source>Seconds per engine move</source>
            <translation>引擎每步秒数</translation>
        </message>
        <message>
            <source>Clock: minutes per side</source>
            <translation>计时：每方分钟数</translation>
        </message>
        <message>
            <source>Clock: increment (seconds)</source>
            <translation>计时：每步加秒</translation>
        </message>
        <message>
            <source>Clock: moves per period (0 = whole game)</source>
            <translation>计时：每阶段步数（0 = 整局）</translation>
        </message>
        <message>
            <source>Draw after this many plies without a capture</source>
            <translation>无吃子判和的半回合数</translation>
        </message>
        <message>
            <source>The engine thinks on your time (ponder)</source>
            <translation>引擎在你思考时也思考（后台思考）</translation>
        </message>
        <message>
            <source>Game settings apply from the next new game.</source>
            <translation>对局设置从下一局开始生效。</translation>
        </message>
        <message>
            <source>Board theme</source>
            <translation>棋盘主题</translation>
        </message>
        <message>
            <source>Piece set</source>
            <translation>棋子样式</translation>
        </message>
        <message>
            <source>Coordinates</source>
            <translation>坐标</translation>
        </message>
        <message>
            <source>ICCS (a–i, 0–9)</source>
            <translation>ICCS（a–i，0–9）</translation>
        </message>
        <message>
            <source>Traditional (Chinese numerals / digits)</source>
            <translation>传统（中文数字 / 阿拉伯数字）</translation>
        </message>
        <message>
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <source>Notation</source>
            <translation>记谱法</translation>
        </message>
        <message>
            <source>Chinese (炮二平五)</source>
            <translation>中文（炮二平五）</translation>
        </message>
        <message>
            <source>WXF (C2=5)</source>
            <translation>WXF（C2=5）</translation>
        </message>
        <message>
            <source>ICCS (h2e2)</source>
            <translation>ICCS（h2e2）</translation>
        </message>
        <message>
            <source>Show legal-move hints</source>
            <translation>显示可走位置</translation>
        </message>
        <message>
            <source>Mark the last move</source>
            <translation>标记上一步</translation>
        </message>
        <message>
            <source>Show the engine's best-move arrow</source>
            <translation>显示引擎最佳着法箭头</translation>
        </message>
        <message>
            <source>Show the analysis lines as arrows</source>
            <translation>以箭头显示分析变着</translation>
        </message>
        <message>
            <source>Show the opponent engine's score and lines in a game</source>
            <translation>对局中显示对手引擎的评分和着法</translation>
        </message>
        <message>
            <source>Animate moves</source>
            <translation>走子动画</translation>
        </message>
        <message>
            <source>Text size</source>
            <translation>文字大小</translation>
        </message>
        <message>
            <source>High-contrast window colours</source>
            <translation>高对比度窗口颜色</translation>
        </message>
        <message>
            <source>Play sounds</source>
            <translation>播放声音</translation>
        </message>
        <message>
            <source>Volume</source>
            <translation>音量</translation>
        </message>
        <message>
            <source>No sound on this computer: %1</source>
            <translation>本机无法播放声音：%1</translation>
        </message>
        <message>
            <source>Follow the system (%1)</source>
            <translation>跟随系统（%1）</translation>
        </message>
        <message>
            <source>The menus, panels and dialogs change to the new language at once.</source>
            <translation>菜单、面板和对话框会立即换成新的语言。</translation>
        </message>
    </context>
    <context>
        <name>ShareUi</name>
        <message>
            <source>Export &amp;image…</source>
            <translation>导出图片(&amp;I)…</translation>
        </message>
        <message>
            <source>Copy position as &amp;image</source>
            <translation>复制图片(&amp;I)</translation>
        </message>
        <message>
            <source>Position copied as a picture</source>
            <translation>局面已作为图片复制</translation>
        </message>
        <message>
            <source>A GIF is still being made</source>
            <translation>上一个 GIF 动画还在生成</translation>
        </message>
        <message>
            <source>Export image</source>
            <translation>导出图片</translation>
        </message>
        <message>
            <source>Making the GIF…</source>
            <translation>正在生成 GIF…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Making the GIF: frame {0} of {1}…</source>
            <translation>正在生成 GIF：第 {0} 帧，共 {1} 帧…</translation>
        </message>
        <message>
            <source>GIF export cancelled: no file written</source>
            <translation>已取消导出 GIF：未写入文件</translation>
        </message>
        <message>
            <source>Picture saved: {0}</source>
            <translation>图片已保存：{0}</translation>
        </message>
        <message>
            <source>The picture cannot be saved</source>
            <translation>图片无法保存</translation>
        </message>
    </context>
    <context>
        <name>SoundPlayer</name>
        <message>
            <source>sound file missing: {0}</source>
            <translation>缺少声音文件：{0}</translation>
        </message>
        <message>
            <source>sound off ({0} is set)</source>
            <translation>声音已关闭（设置了 {0}）</translation>
        </message>
        <message>
            <source>no Qt multimedia ({0})</source>
            <translation>没有 Qt 多媒体组件（{0}）</translation>
        </message>
        <message>
            <source>no audio output device</source>
            <translation>没有音频输出设备</translation>
        </message>
        <message>
            <source>audio unavailable ({0})</source>
            <translation>无法使用音频（{0}）</translation>
        </message>
    </context>
    <context>
        <name>SoundToggle</name>
        <message>
            <source>S&amp;ound</source>
            <translation>声音(&amp;O)</translation>
        </message>
    </context>
    <context>
        <name>StatusProgress</name>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
    </context>
    <context>
        <name>StudyTools</name>
        <message>
            <source>&amp;Analyse</source>
            <translation>分析(&amp;A)</translation>
        </message>
        <message>
            <source>Analyse the position shown with an engine of your choice</source>
            <translation>用你选择的引擎分析当前局面</translation>
        </message>
        <message>
            <source>Show &amp;threat</source>
            <translation>显示威胁(&amp;T)</translation>
        </message>
        <message>
            <source>Analyse what the other side would play if it were its turn</source>
            <translation>分析假如轮到对方走棋时对方的最佳着法</translation>
        </message>
        <message>
            <source>Re&amp;view the game…</source>
            <translation>复盘(&amp;V)…</translation>
        </message>
        <message>
            <source>mate in {0}</source>
            <translation>{0}步杀</translation>
        </message>
        <message>
            <source>Threat: {0}</source>
            <translation>威胁：{0}</translation>
        </message>
        <message>
            <source>A threat is the other side's line from this position: it cannot be played here</source>
            <translation>威胁是对方在此局面的着法线路，不能在这里走出</translation>
        </message>
        <message>
            <source>Play the line</source>
            <translation>走这一路变着</translation>
        </message>
        <message>
            <source>Playing this line on the board may end the game against the engine: a side line is studied without it. The moves played stay in the record. Play it?</source>
            <translation>把这路变着走到棋盘上可能会结束与引擎的对局：研究分支时引擎不参与。已走的着法保留在棋谱中。要走吗？</translation>
        </message>
        <message>
            <source>Review needs a record with moves and no game going on against an engine</source>
            <translation>复盘需要一份有着法的棋谱，且没有正在与引擎进行的对局</translation>
        </message>
        <message>
            <source>The review of the game opened before is done</source>
            <translation>之前打开的对局已复盘完毕</translation>
        </message>
    </context>
    <context>
        <name>TrainingMenu</name>
        <message>
            <source>&amp;Training</source>
            <translation>练习(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;Puzzles…</source>
            <translation>谜题(&amp;P)…</translation>
        </message>
        <message>
            <source>&amp;Due today…</source>
            <translation>今日复习(&amp;D)…</translation>
        </message>
        <message>
            <source>&amp;Endgame challenge…</source>
            <translation>残局挑战(&amp;E)…</translation>
        </message>
        <message>
            <source>&amp;Guess the move…</source>
            <translation>猜谱(&amp;G)…</translation>
        </message>
        <message>
            <source>&amp;Opening drill…</source>
            <translation>开局练习(&amp;O)…</translation>
        </message>
        <message>
            <source>P&amp;rogress and history…</source>
            <translation>练习进度(&amp;R)…</translation>
        </message>
        <message>
            <source>Training</source>
            <translation>练习</translation>
        </message>
        <message>
            <source>The training history cannot be opened.</source>
            <translation>无法打开练习记录。</translation>
        </message>
        <message>
            <source>The training history {0} is damaged. Repair it? What can still be read is kept in a fresh history; the damaged file is kept beside it ({1}).</source>
            <translation>练习记录 {0} 已损坏。要修复吗？仍可读取的内容会存入新的记录文件，损坏的文件保留在旁边（{1}）。</translation>
        </message>
        <message>
            <source>The training history was not repaired.</source>
            <translation>练习记录未修复。</translation>
        </message>
        <message>
            <source>The training history was repaired: {0} entries kept. The damaged file is kept as {1}.</source>
            <translation>练习记录已修复：保留了 {0} 条记录。损坏的文件保存为 {1}。</translation>
        </message>
        <message>
            <source>The card decks cannot be read.</source>
            <translation>无法读取复习卡片。</translation>
        </message>
        <message>
            <source>The training history {0} is read-only ({1}): you can train, but nothing is saved.</source>
            <translation>练习记录 {0} 为只读（{1}）：可以练习，但不会保存。</translation>
        </message>
        <message>
            <source>the file is marked read-only</source>
            <translation>文件被设为只读</translation>
        </message>
        <message>
            <source>its folder cannot be written</source>
            <translation>所在文件夹不可写</translation>
        </message>
        <message>
            <source>The training history cannot be read.</source>
            <translation>无法读取练习记录。</translation>
        </message>
        <message>
            <source>&amp;Due today ({0})…</source>
            <translation>今日复习（{0}）(&amp;D)…</translation>
        </message>
    </context>
    <context>
        <name>ViewMenus</name>
        <message>
            <source>&amp;Board theme</source>
            <translation>棋盘主题(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Piece set</source>
            <translation>棋子样式(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Coordinates</source>
            <translation>坐标(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Traditional (Chinese numerals / digits)</source>
            <translation>传统（中文数字 / 阿拉伯数字）(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;ICCS (a–i, 0–9)</source>
            <translation>ICCS（a–i，0–9）(&amp;I)</translation>
        </message>
        <message>
            <source>&amp;None</source>
            <translation>不显示(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Notation</source>
            <translation>记谱法(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Chinese</source>
            <translation>中文纵线(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;WXF</source>
            <translation>WXF(&amp;W)</translation>
        </message>
        <message>
            <source>&amp;ICCS</source>
            <translation>ICCS(&amp;I)</translation>
        </message>
        <message>
            <source>Show legal-move &amp;hints</source>
            <translation>显示可走位置(&amp;H)</translation>
        </message>
        <message>
            <source>Mark the &amp;last move</source>
            <translation>标记上一步(&amp;L)</translation>
        </message>
        <message>
            <source>Show the engine's best-move &amp;arrow</source>
            <translation>显示引擎最佳着法箭头(&amp;A)</translation>
        </message>
        <message>
            <source>Show the analysis lines as arro&amp;ws</source>
            <translation>以箭头显示分析变着(&amp;W)</translation>
        </message>
        <message>
            <source>Show the opponent's thin&amp;king</source>
            <translation>显示对手的思考(&amp;K)</translation>
        </message>
        <message>
            <source>Ani&amp;mate moves</source>
            <translation>走子动画(&amp;M)</translation>
        </message>
    </context>
    <context>
        <name>QFileDialog</name>
        <message>
            <source>&amp;Look in:</source>
            <translation>查找范围(&amp;L)：</translation>
        </message>
        <message>
            <source>Files of &amp;type:</source>
            <translation>文件类型(&amp;T)：</translation>
        </message>
    </context>
    <context>
        <name>QAbstractFileIconProvider</name>
        <message>
            <source>Folder</source>
            <translation>文件夹</translation>
        </message>
        <message>
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <source>Drive</source>
            <translation>驱动器</translation>
        </message>
        <message>
            <source>%1 File</source>
            <translation>%1 文件</translation>
        </message>
        <message>
            <source>Unknown</source>
            <translation>未知</translation>
        </message>
    </context>
</TS>
