<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_TW">
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
            <translation>棋盤</translation>
        </message>
        <message>
            <source>Move input</source>
            <translation>著法輸入</translation>
        </message>
        <message>
            <source>Moves</source>
            <translation>著法列表</translation>
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
            <translation>棋鐘</translation>
        </message>
        <message>
            <source>Red's clock</source>
            <translation>紅方棋鐘</translation>
        </message>
        <message>
            <source>Black's clock</source>
            <translation>黑方棋鐘</translation>
        </message>
        <message>
            <source>T&amp;ype a move</source>
            <translation>輸入著法(&amp;Y)</translation>
        </message>
        <message>
            <source>Move on the &amp;board with the keyboard</source>
            <translation>用鍵盤在棋盤上走棋(&amp;B)</translation>
        </message>
        <message>
            <source>Board cursor: the arrow keys move it, Enter or Space picks up a piece and puts it down, Esc puts it back</source>
            <translation>棋盤游標：方向鍵移動游標，Enter 或空白鍵拿起棋子、放下棋子，Esc 放回</translation>
        </message>
    </context>
    <context>
        <name>Analyser</name>
        <message>
            <source>starting…</source>
            <translation>啟動中…</translation>
        </message>
        <message>
            <source>paused</source>
            <translation>已暫停</translation>
        </message>
        <message>
            <source>no threat to show: the side to move is in check</source>
            <translation>無威脅可顯示：走棋方正被將軍</translation>
        </message>
        <message>
            <source>no legal moves</source>
            <translation>無合法著法</translation>
        </message>
        <message>
            <source>every move is excluded</source>
            <translation>所有著法都已排除</translation>
        </message>
        <message>
            <source>stopped: the engine failed</source>
            <translation>已停止：引擎出錯</translation>
        </message>
        <message>
            <source>analysing…</source>
            <translation>分析中…</translation>
        </message>
        <message>
            <source>the threat: the other side to move…</source>
            <translation>威脅：假設對方走棋…</translation>
        </message>
        <message>
            <source>not running</source>
            <translation>未執行</translation>
        </message>
    </context>
    <context>
        <name>AnalysisPanel</name>
        <message>
            <source>The engine that analyses (independent of the opponent)</source>
            <translation>用於分析的引擎（與對手無關）</translation>
        </message>
        <message>
            <source>Lines: </source>
            <translation>變例數：</translation>
        </message>
        <message>
            <source>Pause</source>
            <translation>暫停</translation>
        </message>
        <message>
            <source>Threat</source>
            <translation>威脅</translation>
        </message>
        <message>
            <source>Show what the other side threatens: the position analysed with the other side to move (X)</source>
            <translation>顯示對方的威脅：讓對方走棋來分析此局面（X）</translation>
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
            <translation>節點/秒</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>著法</translation>
        </message>
        <message>
            <source>Click a line to play it on the board as a variation; point at a move to see its position; right-click to leave a move out</source>
            <translation>按一下一條著法線路可在棋盤上作為變著走出；指向某步棋可預覽其局面；按右鍵可排除某步棋</translation>
        </message>
        <message>
            <source>Left out: {moves}</source>
            <translation>已排除：{moves}</translation>
        </message>
        <message>
            <source>Leave {move} out of the analysis</source>
            <translation>分析時排除 {move}</translation>
        </message>
        <message>
            <source>Search every move again</source>
            <translation>重新分析全部著法</translation>
        </message>
        <message>
            <source>Resume</source>
            <translation>繼續</translation>
        </message>
    </context>
    <context>
        <name>Announce</name>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Red: {0}</source>
            <translation>紅方：{0}</translation>
        </message>
        <message>
            <source>Black: {0}</source>
            <translation>黑方：{0}</translation>
        </message>
        <message>
            <source>king</source>
            <translation>將</translation>
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
            <translation>馬</translation>
        </message>
        <message>
            <source>rook</source>
            <translation>車</translation>
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
            <translation>{0}，將軍</translation>
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
            <translation>無棋子</translation>
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
            <translation>{0} 不能這樣走</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>開局局面</translation>
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
            <translation>朗讀局面(&amp;R)</translation>
        </message>
        <message>
            <source>{0}, {1}</source>
            <translation>{0}，{1}</translation>
        </message>
        <message>
            <source>{0} (moving {1})</source>
            <translation>{0}（正在移動 {1}）</translation>
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
            <translation>設定有問題：{0}</translation>
        </message>
        <message>
            <source>Settings</source>
            <translation>設定</translation>
        </message>
        <message>
            <source>Some settings could not be used; the defaults were used for them.</source>
            <translation>部分設定無法使用，已改用預設值。</translation>
        </message>
        <message>
            <source>Profile</source>
            <translation>設定檔</translation>
        </message>
        <message>
            <source>The profile cannot be written, so this window opens read-only: nothing you change is saved.</source>
            <translation>無法寫入設定檔資料夾，本視窗以唯讀方式開啟：所做的變更都不會儲存。</translation>
        </message>
    </context>
    <context>
        <name>AppearanceUi</name>
        <message>
            <source>&amp;Settings…</source>
            <translation>設定(&amp;S)…</translation>
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
            <translation>開局庫</translation>
        </message>
        <message>
            <source>&amp;Open book…</source>
            <translation>開啟開局庫(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Build from files…</source>
            <translation>從棋譜檔案產生(&amp;B)…</translation>
        </message>
        <message>
            <source>Build from a &amp;folder…</source>
            <translation>從資料夾產生(&amp;F)…</translation>
        </message>
        <message>
            <source>&amp;Close book</source>
            <translation>關閉開局庫(&amp;C)</translation>
        </message>
        <message>
            <source>Show the &amp;explorer</source>
            <translation>顯示開局瀏覽器(&amp;E)</translation>
        </message>
        <message>
            <source>&amp;Book</source>
            <translation>開局庫(&amp;B)</translation>
        </message>
        <message>
            <source>Engines play boo&amp;k moves</source>
            <translation>引擎走開局庫著法(&amp;K)</translation>
        </message>
        <message>
            <source>Off</source>
            <translation>關閉</translation>
        </message>
        <message>
            <source>The first {0} plies</source>
            <translation>前 {0} 步（半回合）</translation>
        </message>
        <message>
            <source>Cannot open the book</source>
            <translation>無法開啟開局庫</translation>
        </message>
        <message>
            <source>Opening book: {0} ({1} games)</source>
            <translation>開局庫：{0}（{1} 局）</translation>
        </message>
        <message>
            <source>A book move is played at the game's own position, on your turn</source>
            <translation>開局庫著法只能在對局目前局面、輪到你走時走</translation>
        </message>
        <message>
            <source>Open an opening book</source>
            <translation>開啟開局庫</translation>
        </message>
        <message>
            <source>Opening books (*.book)</source>
            <translation>開局庫 (*.book)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有檔案 (*)</translation>
        </message>
        <message>
            <source>Build a book: choose game records</source>
            <translation>產生開局庫：選擇棋譜檔案</translation>
        </message>
        <message>
            <source>Build a book: choose a folder of game records</source>
            <translation>產生開局庫：選擇棋譜資料夾</translation>
        </message>
        <message>
            <source>Save the opening book as</source>
            <translation>開局庫另存為</translation>
        </message>
        <message>
            <source>Reading the games…</source>
            <translation>正在讀取棋譜…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Building the opening book</source>
            <translation>正在產生開局庫</translation>
        </message>
        <message>
            <source>The book could not be written</source>
            <translation>無法寫入開局庫</translation>
        </message>
        <message>
            <source>File {0} of {1}: {2} games read</source>
            <translation>第 {0}/{1} 個檔案：已讀 {2} 局</translation>
        </message>
        <message>
            <source>Building the book was cancelled</source>
            <translation>已取消產生開局庫</translation>
        </message>
        <message>
            <source>{0} games, {1} positions.</source>
            <translation>{0} 局，{1} 個局面。</translation>
        </message>
        <message>
            <source>{0} games or files could not be read and were skipped.</source>
            <translation>{0} 局或檔案無法讀取，已略過。</translation>
        </message>
        <message>
            <source>Opening book built</source>
            <translation>開局庫已產生</translation>
        </message>
    </context>
    <context>
        <name>CardWords</name>
        <message>
            <source>Opening drill: {0}, move {1}</source>
            <translation>開局練習：{0}，第 {1} 回合</translation>
        </message>
        <message>
            <source>Opening drill: move {0}</source>
            <translation>開局練習：第 {0} 回合</translation>
        </message>
    </context>
    <context>
        <name>ChallengeChooser</name>
        <message>
            <source>Endgame challenge</source>
            <translation>殘局挑戰</translation>
        </message>
        <message>
            <source>Open a record file of endgames (e.g. CCPD's endgame file or the classic Seven Stars Gathering), take the position on the board, or paste a FEN.</source>
            <translation>開啟殘局棋譜檔案（如 CCPD 的《殘局》或《七星聚會》），取棋盤上的局面，或貼上 FEN。</translation>
        </message>
        <message>
            <source>Position</source>
            <translation>局面</translation>
        </message>
        <message>
            <source>Goal</source>
            <translation>目標</translation>
        </message>
        <message>
            <source>Attempts</source>
            <translation>嘗試次數</translation>
        </message>
        <message>
            <source>Best result</source>
            <translation>最佳結果</translation>
        </message>
        <message>
            <source>Filter by title</source>
            <translation>按標題篩選</translation>
        </message>
        <message>
            <source>&amp;Start the challenge</source>
            <translation>開始挑戰(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Open file…</source>
            <translation>開啟檔案(&amp;O)…</translation>
        </message>
        <message>
            <source>Position on the &amp;board</source>
            <translation>棋盤上的局面(&amp;B)</translation>
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
            <translation>加入(&amp;A)</translation>
        </message>
        <message>
            <source>Goal: {0}</source>
            <translation>目標：{0}</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>win</source>
            <translation>勝</translation>
        </message>
        <message>
            <source>draw (or win)</source>
            <translation>和（或勝）</translation>
        </message>
        <message>
            <source>&amp;Your side and goal:</source>
            <translation>你執哪方與目標(&amp;Y)：</translation>
        </message>
        <message>
            <source>&amp;Opponent:</source>
            <translation>對手(&amp;O)：</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source>Engine &amp;time a move:</source>
            <translation>引擎每步時間(&amp;T)：</translation>
        </message>
        <message>
            <source>Open endgame positions</source>
            <translation>開啟殘局局面</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在讀取 {0}…</translation>
        </message>
        <message>
            <source>{0}: {1} positions</source>
            <translation>{0}：{1} 個局面</translation>
        </message>
        <message>
            <source>{0} records skipped: {1}</source>
            <translation>略過 {0} 個紀錄：{1}</translation>
        </message>
        <message>
            <source>The file cannot be read: {0}</source>
            <translation>無法讀取檔案：{0}</translation>
        </message>
        <message>
            <source>Position on the board</source>
            <translation>棋盤上的局面</translation>
        </message>
        <message>
            <source>board</source>
            <translation>棋盤</translation>
        </message>
        <message>
            <source>Not a position: {0}</source>
            <translation>不是有效局面：{0}</translation>
        </message>
        <message>
            <source>Added: {0}</source>
            <translation>已加入：{0}</translation>
        </message>
    </context>
    <context>
        <name>ChallengeWatch</name>
        <message>
            <source>Endgame challenge: {0} — {1}</source>
            <translation>殘局挑戰：{0} — {1}</translation>
        </message>
        <message>
            <source>Goal reached: {0} — {1} ({2}).</source>
            <translation>目標達成：{0} — {1}（{2}）。</translation>
        </message>
        <message>
            <source>Goal not reached: {0} — {1} ({2}).</source>
            <translation>未達成目標：{0} — {1}（{2}）。</translation>
        </message>
        <message>
            <source>{0}: {1} attempts, best result {2}.</source>
            <translation>{0}：已嘗試 {1} 次，最佳結果：{2}。</translation>
        </message>
        <message>
            <source>Endgame challenge</source>
            <translation>殘局挑戰</translation>
        </message>
        <message>
            <source>&amp;Try again</source>
            <translation>再試一次(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;Choose another position</source>
            <translation>換一個局面(&amp;C)</translation>
        </message>
        <message>
            <source>The attempt cannot be saved: {0}</source>
            <translation>無法儲存這次嘗試：{0}</translation>
        </message>
    </context>
    <context>
        <name>ClipboardActions</name>
        <message>
            <source>Copy &amp;FEN</source>
            <translation>複製 FEN(&amp;F)</translation>
        </message>
        <message>
            <source>Copy game as &amp;text (Chinese notation)</source>
            <translation>複製棋譜為文字（中文記譜）(&amp;T)</translation>
        </message>
        <message>
            <source>Copy game as P&amp;GN</source>
            <translation>複製棋譜為 PGN(&amp;G)</translation>
        </message>
        <message>
            <source>Copy game as &amp;DhtmlXQ</source>
            <translation>複製棋譜為 DhtmlXQ(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Paste FEN, PGN or moves</source>
            <translation>貼上 FEN、PGN 或著法(&amp;P)</translation>
        </message>
        <message>
            <source>The game cannot be copied</source>
            <translation>無法複製這局棋</translation>
        </message>
        <message>
            <source>clipboard</source>
            <translation>剪貼簿</translation>
        </message>
        <message>
            <source>The clipboard holds no FEN, PGN or move list</source>
            <translation>剪貼簿中沒有 FEN、PGN 或著法列表</translation>
        </message>
    </context>
    <context>
        <name>ClockView</name>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0} byoyomi</source>
            <translation>讀秒 {0}</translation>
        </message>
    </context>
    <context>
        <name>CommentPanel</name>
        <message>
            <source>Type a comment for this move</source>
            <translation>為這一步輸入註解</translation>
        </message>
        <message>
            <source>Variations</source>
            <translation>變著</translation>
        </message>
        <message>
            <source>Make main line</source>
            <translation>設為主線</translation>
        </message>
        <message>
            <source>Delete variation</source>
            <translation>刪除變著</translation>
        </message>
        <message>
            <source>Main line</source>
            <translation>主線</translation>
        </message>
        <message>
            <source>Comment before the first move:</source>
            <translation>第一步之前的註解：</translation>
        </message>
        <message>
            <source>Comment after {0}:</source>
            <translation>{0} 之後的註解：</translation>
        </message>
        <message>
            <source>{0} was better</source>
            <translation>{0}較好</translation>
        </message>
        <message>
            <source>{0} (Red) vs {1} (Black)</source>
            <translation>{0}（紅）對 {1}（黑）</translation>
        </message>
    </context>
    <context>
        <name>DatabaseUi</name>
        <message>
            <source>Game &amp;database window</source>
            <translation>棋譜庫視窗(&amp;D)</translation>
        </message>
        <message>
            <source>Search the board's &amp;position</source>
            <translation>搜尋目前局面(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Open a database…</source>
            <translation>開啟棋譜庫…(&amp;O)</translation>
        </message>
        <message>
            <source>&amp;New database…</source>
            <translation>新建棋譜庫…(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Import game files…</source>
            <translation>匯入棋譜檔案…(&amp;I)</translation>
        </message>
        <message>
            <source>Import a &amp;folder…</source>
            <translation>匯入資料夾…(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Database</source>
            <translation>棋譜庫(&amp;D)</translation>
        </message>
        <message>
            <source>&amp;Recent databases</source>
            <translation>最近的棋譜庫(&amp;R)</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>（無）</translation>
        </message>
        <message>
            <source>Game database</source>
            <translation>棋譜庫</translation>
        </message>
        <message>
            <source>Build your game database with the master games that come with the program? It takes a few minutes; you can import your own games later.</source>
            <translation>用程式附帶的大師對局建立你的棋譜庫嗎？需要幾分鐘；以後也可以匯入你自己的棋譜。</translation>
        </message>
        <message>
            <source>Building the starter database</source>
            <translation>正在建立初始棋譜庫</translation>
        </message>
        <message>
            <source>Cannot open the database</source>
            <translation>無法開啟棋譜庫</translation>
        </message>
        <message>
            <source>Opened {0} – {1} from the database</source>
            <translation>已從棋譜庫開啟 {0} – {1}</translation>
        </message>
        <message>
            <source>Game databases (*.xqdb)</source>
            <translation>棋譜庫 (*.xqdb)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有檔案 (*)</translation>
        </message>
        <message>
            <source>Open a game database</source>
            <translation>開啟棋譜庫</translation>
        </message>
        <message>
            <source>New game database</source>
            <translation>新建棋譜庫</translation>
        </message>
        <message>
            <source>Import a folder of game records</source>
            <translation>匯入棋譜資料夾</translation>
        </message>
        <message>
            <source>Import game records</source>
            <translation>匯入棋譜</translation>
        </message>
        <message>
            <source>Importing games</source>
            <translation>正在匯入棋譜</translation>
        </message>
        <message>
            <source>Reading the games…</source>
            <translation>正在讀取棋譜…</translation>
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
            <translation>匯入已停止</translation>
        </message>
        <message>
            <source>{0} games added.</source>
            <translation>已加入 {0} 局。</translation>
        </message>
        <message>
            <source>Cancelled: the games committed before are kept ({0} added). Import the same files again to go on.</source>
            <translation>已取消：之前已提交的棋局保留（加入了 {0} 局）。再次匯入相同檔案即可繼續。</translation>
        </message>
        <message>
            <source>{0} duplicates were not stored again.</source>
            <translation>{0} 局重複，未再次儲存。</translation>
        </message>
        <message>
            <source>{0} files were imported before and skipped.</source>
            <translation>{0} 個檔案以前已匯入，已略過。</translation>
        </message>
        <message>
            <source>{0} files could not be read:</source>
            <translation>{0} 個檔案無法讀取：</translation>
        </message>
        <message>
            <source>Import finished</source>
            <translation>匯入完成</translation>
        </message>
        <message>
            <source>The database is damaged</source>
            <translation>棋譜庫已損壞</translation>
        </message>
        <message>
            <source>Repair copies every game that can still be read into a new file beside it; the damaged file is left as it is.</source>
            <translation>修復會把仍能讀取的每局棋複製到旁邊的新檔案中；損壞的檔案保持原樣。</translation>
        </message>
        <message>
            <source>&amp;Repair…</source>
            <translation>修復…(&amp;R)</translation>
        </message>
        <message>
            <source>Repairing the database</source>
            <translation>正在修復棋譜庫</translation>
        </message>
    </context>
    <context>
        <name>DatabaseWindow</name>
        <message>
            <source>Game database</source>
            <translation>棋譜庫</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>開啟(&amp;O)…</translation>
        </message>
        <message>
            <source>&amp;Import files…</source>
            <translation>匯入檔案…(&amp;I)</translation>
        </message>
        <message>
            <source>Import a &amp;folder…</source>
            <translation>匯入資料夾…(&amp;F)</translation>
        </message>
        <message>
            <source>Filter the games shown (any column)</source>
            <translation>篩選顯示的棋局（任意欄）</translation>
        </message>
        <message>
            <source>{0}: {1} games</source>
            <translation>{0}：共 {1} 局</translation>
        </message>
        <message>
            <source>(read-only: searching only, no import)</source>
            <translation>（唯讀：只能搜尋，不能匯入）</translation>
        </message>
        <message>
            <source>Game database – {0}</source>
            <translation>棋譜庫 – {0}</translation>
        </message>
        <message>
            <source>Choose what to search for, then Search.</source>
            <translation>選擇搜尋條件，然後按「搜尋」。</translation>
        </message>
        <message>
            <source>Searching…</source>
            <translation>正在搜尋…</translation>
        </message>
        <message>
            <source>No game found.</source>
            <translation>沒有找到棋局。</translation>
        </message>
        <message>
            <source>{0} games found; {1} read (scroll for more; sorting and the filter apply to the games read)</source>
            <translation>找到 {0} 局；已讀取 {1} 局（向下捲動讀取更多；排序和篩選只作用於已讀取的棋局）</translation>
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
            <translation>今日複習</translation>
        </message>
        <message>
            <source>Card {0} of {1} · right {2} · wrong {3}</source>
            <translation>第 {0} 張，共 {1} 張 · 答對 {2} · 答錯 {3}</translation>
        </message>
        <message>
            <source>No cards are due now.</source>
            <translation>現在沒有要複習的卡片。</translation>
        </message>
        <message>
            <source>Done for now: {0} right, {1} wrong.</source>
            <translation>本輪完成：答對 {0}，答錯 {1}。</translation>
        </message>
        <message>
            <source>Cards that cannot be shown: {0}</source>
            <translation>無法顯示的卡片：{0}</translation>
        </message>
        <message>
            <source>The next card is due on {0}.</source>
            <translation>下一張卡片在 {0} 到期。</translation>
        </message>
        <message>
            <source>Not saved: the training history is read-only.</source>
            <translation>未儲存：練習記錄為唯讀。</translation>
        </message>
        <message>
            <source>Next review on {0}.</source>
            <translation>下次複習：{0}。</translation>
        </message>
    </context>
    <context>
        <name>EndgameChallenge</name>
        <message>
            <source>Red to play and win</source>
            <translation>紅先勝</translation>
        </message>
        <message>
            <source>Red to play and draw</source>
            <translation>紅先和</translation>
        </message>
        <message>
            <source>Black to play and win</source>
            <translation>黑先勝</translation>
        </message>
        <message>
            <source>Black to play and draw</source>
            <translation>黑先和</translation>
        </message>
        <message>
            <source>won</source>
            <translation>勝</translation>
        </message>
        <message>
            <source>drawn</source>
            <translation>和</translation>
        </message>
        <message>
            <source>lost</source>
            <translation>負</translation>
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
            <translation>內建引擎</translation>
        </message>
        <message>
            <source>{0}: protocol {1} replaced by {2}, the one this engine is measured to be sound in (in {1} its scores lean to one colour). To keep {1}, choose it under Protocol in Engine › Manage engines…</source>
            <translation>{0}：協定 {1} 已改為 {2}，經測量該引擎在 {2} 下評分公正（在 {1} 下其評分偏向一方）。如要保留 {1}，請在 引擎 › 管理引擎… 的「協定」中選擇它。</translation>
        </message>
        <message>
            <source>{0} (used for this run; not saved: {1})</source>
            <translation>{0}（本次執行有效；未儲存：{1}）</translation>
        </message>
    </context>
    <context>
        <name>EngineFailure</name>
        <message>
            <source>The engine program {0} was not found. Check its path in the engine settings.</source>
            <translation>找不到引擎程式 {0}。請在引擎設定中檢查它的路徑。</translation>
        </message>
        <message>
            <source>The engine program {0} cannot be run: it is not a program, or it may not be executed.</source>
            <translation>引擎程式 {0} 無法執行：它不是可執行程式，或沒有執行權限。</translation>
        </message>
        <message>
            <source>The engine {0} needs a file that is missing (for example its network or opening book).</source>
            <translation>引擎 {0} 缺少所需的檔案（例如神經網路或開局庫）。</translation>
        </message>
        <message>
            <source>The engine program {0} could not be started.</source>
            <translation>引擎程式 {0} 無法啟動。</translation>
        </message>
        <message>
            <source>The engine quit while starting up (exit code {0}).</source>
            <translation>引擎在啟動時結束了（結束碼 {0}）。</translation>
        </message>
        <message>
            <source>The engine did not answer in time while starting up; it may not be a UCCI or UCI engine, or it needs other arguments.</source>
            <translation>引擎啟動時沒有及時回應；它可能不是 UCCI 或 UCI 引擎，或需要其他命令列參數。</translation>
        </message>
        <message>
            <source>The engine crashed (signal {0}).</source>
            <translation>引擎當掉了（訊號 {0}）。</translation>
        </message>
        <message>
            <source>The engine quit unexpectedly (exit code {0}).</source>
            <translation>引擎意外結束了（結束碼 {0}）。</translation>
        </message>
        <message>
            <source>The engine did not stop thinking when asked, so it was closed.</source>
            <translation>引擎收到停止指令後沒有停止思考，已將其關閉。</translation>
        </message>
        <message>
            <source>The engine chose an illegal move; it was not played.</source>
            <translation>引擎給出了不合法的著法，未執行該著法。</translation>
        </message>
        <message>
            <source>The engine answered something that is not a move.</source>
            <translation>引擎的回答不是一個著法。</translation>
        </message>
        <message>
            <source>A request was not sent to the engine because the engine cannot accept it.</source>
            <translation>引擎無法接受該請求，因此未傳送。</translation>
        </message>
        <message>
            <source>The engine is not running. Restart it to continue.</source>
            <translation>引擎沒有在執行。請重新啟動引擎後繼續。</translation>
        </message>
        <message>
            <source>This computer's processor lacks instructions the engine uses: try a build of the engine for older processors.</source>
            <translation>這台電腦的處理器不支援引擎所用的指令：請換用適合較舊處理器的引擎版本。</translation>
        </message>
        <message>
            <source>A missing or wrong support file (network, opening book) can cause this.</source>
            <translation>缺少或用錯了輔助檔案（神經網路、開局庫）可能導致此問題。</translation>
        </message>
        <message>
            <source>It was killed from outside, often because memory ran out: try a smaller Hash setting.</source>
            <translation>引擎被外部強制結束，通常是因為記憶體不足：請把 Hash 設定調小。</translation>
        </message>
        <message>
            <source>{0} The engine said: {1}</source>
            <translation>{0}引擎說明：{1}</translation>
        </message>
        <message>
            <source>The engine reported a problem.</source>
            <translation>引擎回報了一個問題。</translation>
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
            <translation>新增引擎(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Remove</source>
            <translation>移除(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Save options</source>
            <translation>儲存選項(&amp;S)</translation>
        </message>
        <message>
            <source>Automatic (the engine's own)</source>
            <translation>自動（引擎自己的）</translation>
        </message>
        <message>
            <source>The language the program speaks with this engine</source>
            <translation>本程式與此引擎通訊所用的協定</translation>
        </message>
        <message>
            <source>Protocol:</source>
            <translation>協定：</translation>
        </message>
        <message>
            <source>%1 (found automatically)</source>
            <translation>%1（自動發現）</translation>
        </message>
        <message>
            <source>Starting the engine to read its options…</source>
            <translation>正在啟動引擎以讀取選項…</translation>
        </message>
        <message>
            <source>No engine configured.</source>
            <translation>尚未設定引擎。</translation>
        </message>
        <message>
            <source>Not advised: in %2, %1 scores the same position differently for Red and for Black (measured on positions with the colours swapped), so its analysis, reviews and matches would lean to one side, and it does not clear its memory between games. Choose %3 or Automatic.</source>
            <translation>不建議：在 %2 下，%1 對同一局面給紅方和黑方的評分不同（用交換顏色的局面測得），其分析、復盤和對局都會偏向一方，而且它在兩局之間不清空記憶。請選擇 %3 或「自動」。</translation>
        </message>
        <message>
            <source>Protocol saved.</source>
            <translation>協定已儲存。</translation>
        </message>
        <message>
            <source>The engine could not be started: %1</source>
            <translation>無法啟動引擎：%1</translation>
        </message>
        <message>
            <source>Protocol: %1</source>
            <translation>協定：%1</translation>
        </message>
        <message numerus="yes">
            <source>%n option(s)</source>
            <translation>
                <numerusform>%n 個選項</numerusform>
            </translation>
        </message>
        <message>
            <source>Choose an engine program</source>
            <translation>選擇引擎程式</translation>
        </message>
        <message>
            <source>Starting %1 to detect its protocol…</source>
            <translation>正在啟動 %1 以偵測協定…</translation>
        </message>
        <message>
            <source>Added %1 (%2).</source>
            <translation>已新增 %1（%2）。</translation>
        </message>
        <message>
            <source>Options saved.</source>
            <translation>選項已儲存。</translation>
        </message>
    </context>
    <context>
        <name>EnginePanel</name>
        <message>
            <source>No engine</source>
            <translation>無引擎</translation>
        </message>
        <message>
            <source>Lines: </source>
            <translation>變例數：</translation>
        </message>
        <message>
            <source>Depth</source>
            <translation>深度</translation>
        </message>
        <message>
            <source>N/s</source>
            <translation>節點/秒</translation>
        </message>
        <message>
            <source>Line</source>
            <translation>著法</translation>
        </message>
    </context>
    <context>
        <name>EngineProbe</name>
        <message>
            <source>The engine did not answer in time.</source>
            <translation>引擎未及時回應。</translation>
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
            <translation>以後以下功能都使用 %1 嗎？</translation>
        </message>
        <message>
            <source>Playing a new game</source>
            <translation>新對局</translation>
        </message>
        <message>
            <source>Analysis</source>
            <translation>分析</translation>
        </message>
        <message>
            <source>Review</source>
            <translation>復盤</translation>
        </message>
        <message>
            <source>Endgame challenges</source>
            <translation>殘局挑戰</translation>
        </message>
        <message>
            <source>What is not ticked keeps the engine it uses now.</source>
            <translation>未勾選的功能保留現在所用的引擎。</translation>
        </message>
    </context>
    <context>
        <name>EvalGraph</name>
        <message>
            <source>Evaluation after each move (red's point of view, pawns); click to go there</source>
            <translation>每步之後的局面評分（紅方視角，以兵為單位）；點擊可跳到該步</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>起始局面</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
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
            <translation>讓對方{0}{1}步殺</translation>
        </message>
        <message>
            <source>Allows mate in {0}</source>
            <translation>讓對方{0}步殺</translation>
        </message>
        <message>
            <source>Misses a mate: {0}</source>
            <translation>錯過{0}殺</translation>
        </message>
        <message>
            <source>Misses mate in {0}</source>
            <translation>錯過{0}步殺</translation>
        </message>
        <message>
            <source>Loses {0}% winning chances</source>
            <translation>勝率損失{0}%</translation>
        </message>
        <message>
            <source>Loses material</source>
            <translation>丟子</translation>
        </message>
        <message>
            <source>Misses winning material</source>
            <translation>錯過得子</translation>
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
            <translation>丟車</translation>
        </message>
        <message>
            <source>loses a horse</source>
            <translation>丟馬</translation>
        </message>
        <message>
            <source>loses a cannon</source>
            <translation>丟炮</translation>
        </message>
        <message>
            <source>loses an advisor</source>
            <translation>丟士</translation>
        </message>
        <message>
            <source>loses an elephant</source>
            <translation>丟象</translation>
        </message>
        <message>
            <source>loses a pawn</source>
            <translation>丟兵</translation>
        </message>
        <message>
            <source>misses winning a rook</source>
            <translation>錯過得車</translation>
        </message>
        <message>
            <source>misses winning a horse</source>
            <translation>錯過得馬</translation>
        </message>
        <message>
            <source>misses winning a cannon</source>
            <translation>錯過得炮</translation>
        </message>
        <message>
            <source>misses winning an advisor</source>
            <translation>錯過得士</translation>
        </message>
        <message>
            <source>misses winning an elephant</source>
            <translation>錯過得象</translation>
        </message>
        <message>
            <source>misses winning a pawn</source>
            <translation>錯過得兵</translation>
        </message>
        <message>
            <source>Walks into a fork</source>
            <translation>被捉雙</translation>
        </message>
        <message>
            <source>Allows a discovered check</source>
            <translation>被抽將</translation>
        </message>
        <message>
            <source>Allows a discovered attack</source>
            <translation>被閃擊</translation>
        </message>
        <message>
            <source>Walks into a pin</source>
            <translation>被牽制</translation>
        </message>
        <message>
            <source>Lets a piece be trapped</source>
            <translation>被捉死</translation>
        </message>
        <message>
            <source>Misses a fork</source>
            <translation>錯過捉雙</translation>
        </message>
        <message>
            <source>Misses a discovered check</source>
            <translation>錯過抽將</translation>
        </message>
        <message>
            <source>Misses a discovered attack</source>
            <translation>錯過閃擊</translation>
        </message>
        <message>
            <source>Misses a pin</source>
            <translation>錯過牽制</translation>
        </message>
        <message>
            <source>Misses trapping a piece</source>
            <translation>錯過捉死</translation>
        </message>
        <message>
            <source>Misses a sacrifice</source>
            <translation>錯過棄子</translation>
        </message>
        <message>
            <source>which wins a rook</source>
            <translation>可得車</translation>
        </message>
        <message>
            <source>which wins a horse</source>
            <translation>可得馬</translation>
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
            <translation>著法</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>局數</translation>
        </message>
        <message>
            <source>Red · Draw · Black</source>
            <translation>紅勝 · 和 · 黑勝</translation>
        </message>
        <message>
            <source>Play this move</source>
            <translation>走這步棋</translation>
        </message>
        <message>
            <source>Opening book</source>
            <translation>開局庫</translation>
        </message>
        <message>
            <source>Where the moves come from: the opening book or the game database</source>
            <translation>著法來源：開局庫或棋譜庫</translation>
        </message>
        <message>
            <source>Play the selected move (or double-click it)</source>
            <translation>走選中的著法（或按兩下它）</translation>
        </message>
        <message>
            <source>Show games</source>
            <translation>查看棋局</translation>
        </message>
        <message>
            <source>List the games behind the selected move in the database window</source>
            <translation>在棋譜庫視窗列出走了選中著法的棋局</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>分數</translation>
        </message>
        <message>
            <source>Years</source>
            <translation>年份</translation>
        </message>
        <message>
            <source>The score for the side to move: a win 1, a draw ½</source>
            <translation>走棋方的得分率：勝 1 分，和 ½ 分</translation>
        </message>
        <message>
            <source>Game database: {0}</source>
            <translation>棋譜庫：{0}</translation>
        </message>
        <message>
            <source>{0}: reading the games…</source>
            <translation>{0}：正在讀取棋局…</translation>
        </message>
        <message>
            <source>No opening book. Book › Open book… or Build from files…</source>
            <translation>沒有開局庫：請用「開局庫 › 開啟開局庫…」或「從棋譜檔案產生…」</translation>
        </message>
        <message>
            <source>{0}: this position is not in the book</source>
            <translation>{0}：開局庫中沒有這個局面</translation>
        </message>
        <message>
            <source>{0}: no game reached this position</source>
            <translation>{0}：沒有棋局到達這個局面</translation>
        </message>
        <message>
            <source>{0}: {1} games in this position</source>
            <translation>{0}：此局面共 {1} 局</translation>
        </message>
        <message>
            <source>{0}: {1} games; red won {2}, drawn {3}, black won {4}</source>
            <translation>{0}：{1} 局；紅勝 {2}，和 {3}，黑勝 {4}</translation>
        </message>
        <message>
            <source>; {0} without a result</source>
            <translation>；{0} 局無結果</translation>
        </message>
        <message>
            <source>; played {0}</source>
            <translation>；{0} 年間走過</translation>
        </message>
    </context>
    <context>
        <name>ExportImageDialog</name>
        <message>
            <source>Export image</source>
            <translation>匯出圖片</translation>
        </message>
        <message>
            <source>PNG picture of the position</source>
            <translation>局面圖（PNG）</translation>
        </message>
        <message>
            <source>SVG drawing of the position</source>
            <translation>局面向量圖（SVG）</translation>
        </message>
        <message>
            <source>Animated GIF of the moves</source>
            <translation>著法動畫（GIF）</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>瀏覽(&amp;B)…</translation>
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
            <translation>座標</translation>
        </message>
        <message>
            <source> ms</source>
            <translation> 毫秒</translation>
        </message>
        <message>
            <source>&amp;Kind:</source>
            <translation>類型(&amp;K)：</translation>
        </message>
        <message>
            <source>&amp;File:</source>
            <translation>檔案(&amp;F)：</translation>
        </message>
        <message>
            <source>&amp;Width:</source>
            <translation>寬度(&amp;W)：</translation>
        </message>
        <message>
            <source>From &amp;ply:</source>
            <translation>起始步數(&amp;P)：</translation>
        </message>
        <message>
            <source>&amp;To ply:</source>
            <translation>結束步數(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Delay per move:</source>
            <translation>每步間隔(&amp;D)：</translation>
        </message>
        <message>
            <source>{0} pictures (*.{1})</source>
            <translation>{0} 圖片 (*.{1})</translation>
        </message>
    </context>
    <context>
        <name>FileDialogs</name>
        <message>
            <source>Game records (*.pgn *.PGN *.xqf *.XQF *.cbl *.CBL *.cbr *.CBR *.cbf *.CBF *.html *.htm)</source>
            <translation>棋譜檔案 (*.pgn *.PGN *.xqf *.XQF *.cbl *.CBL *.cbr *.CBR *.cbf *.CBF *.html *.htm)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有檔案 (*)</translation>
        </message>
    </context>
    <context>
        <name>GameController</name>
        <message>
            <source>New game</source>
            <translation>新對局</translation>
        </message>
        <message>
            <source>Resumed the unfinished game</source>
            <translation>已繼續未完成的對局</translation>
        </message>
        <message>
            <source>Entered the line's first move; its other {0} moves are kept as a variation (→ steps through them)</source>
            <translation>已走出這路變著的第一步；其餘 {0} 步保留為變著（按 → 逐步檢視）</translation>
        </message>
        <message>
            <source>New game from this position</source>
            <translation>從此局面開始新對局</translation>
        </message>
        <message>
            <source>Draw offered: the engine answers with its next move</source>
            <translation>已提和：引擎將在下一步時答覆</translation>
        </message>
        <message>
            <source>The engine declines the draw</source>
            <translation>引擎拒絕和棋</translation>
        </message>
        <message>
            <source>The engine is looking for a hint…</source>
            <translation>引擎正在思考提示…</translation>
        </message>
        <message>
            <source>Hint shown as an arrow</source>
            <translation>提示以箭頭顯示</translation>
        </message>
        <message>
            <source>The engine accepts the draw</source>
            <translation>引擎同意和棋</translation>
        </message>
        <message>
            <source>The engine resigns</source>
            <translation>引擎認輸</translation>
        </message>
        <message>
            <source>The engine gave no legal move ({0}). You can restart it or choose another engine; the game is kept.</source>
            <translation>引擎給出了不合法的著法（{0}）。可以重啟引擎或選擇其他引擎，對局會保留。</translation>
        </message>
        <message>
            <source>{0} You can restart the engine or choose another one; the game is kept.</source>
            <translation>{0}可以重新啟動引擎或換一個引擎，棋局會保留。</translation>
        </message>
        <message>
            <source>Autosave failed: {0}</source>
            <translation>自動儲存失敗：{0}</translation>
        </message>
    </context>
    <context>
        <name>GameListDialog</name>
        <message>
            <source>Games in {0}</source>
            <translation>{0} 中的對局</translation>
        </message>
        <message>
            <source>Filter by player, event, date or result</source>
            <translation>依棋手、賽事、日期或結果篩選</translation>
        </message>
        <message>
            <source>Reading the file…</source>
            <translation>正在讀取檔案…</translation>
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
            <translation>{0} 中的對局</translation>
        </message>
        <message>
            <source>Filter by player, event, date or result</source>
            <translation>依棋手、賽事、日期或結果篩選</translation>
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
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>賽事</translation>
        </message>
        <message>
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>ECCO</source>
            <translation>ECCO 編號</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>結果</translation>
        </message>
    </context>
    <context>
        <name>GuessTheMove</name>
        <message>
            <source>Guess the move</source>
            <translation>猜譜</translation>
        </message>
        <message>
            <source>the game on the board</source>
            <translation>棋盤上的對局</translation>
        </message>
        <message>
            <source>No game chosen</source>
            <translation>尚未選擇對局</translation>
        </message>
        <message>
            <source>Game:</source>
            <translation>對局：</translation>
        </message>
        <message>
            <source>Game on the &amp;board</source>
            <translation>棋盤上的對局(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Open file…</source>
            <translation>開啟檔案(&amp;O)…</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>&amp;Guess the moves of:</source>
            <translation>猜哪一方的著法(&amp;G)：</translation>
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
            <translation>引擎每步時間(&amp;T)：</translation>
        </message>
        <message>
            <source>&amp;Start</source>
            <translation>開始(&amp;S)</translation>
        </message>
        <message>
            <source>{0}: {1} ({2}) — {3} of {4} as the master, accuracy {5:.1f} against {6:.1f}</source>
            <translation>{0}：{1}（{2}）— {4} 步中猜中 {3} 步，準確度 {5:.1f}，大師 {6:.1f}</translation>
        </message>
        <message>
            <source>Your last sessions:</source>
            <translation>最近的猜譜：</translation>
        </message>
        <message>
            <source>Open a master game</source>
            <translation>開啟大師對局</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在讀取 {0}…</translation>
        </message>
        <message>
            <source>{0} holds no game.</source>
            <translation>{0} 中沒有對局。</translation>
        </message>
        <message>
            <source>The file cannot be read: {0}</source>
            <translation>無法讀取檔案：{0}</translation>
        </message>
        <message>
            <source>{0} has no moves to guess.</source>
            <translation>{0} 沒有可猜的著法。</translation>
        </message>
        <message>
            <source>e.g. 炮二平五, C2.5 or h2e2</source>
            <translation>例如 炮二平五、C2.5 或 h2e2</translation>
        </message>
        <message>
            <source>&amp;Your move:</source>
            <translation>你的著法(&amp;Y)：</translation>
        </message>
        <message>
            <source>&amp;Next move</source>
            <translation>下一步(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Finish now</source>
            <translation>現在結束(&amp;F)</translation>
        </message>
        <message>
            <source>This side has no move in the game.</source>
            <translation>這一方在對局中沒有著法。</translation>
        </message>
        <message>
            <source>Move {0} of {1}</source>
            <translation>第 {0} 步，共 {1} 步</translation>
        </message>
        <message>
            <source>Round {0}: what did the master play? Make your move on the board.</source>
            <translation>第 {0} 回合：大師走了什麼？請在棋盤上走出你的著法。</translation>
        </message>
        <message>
            <source>Not a legal move here: {0}</source>
            <translation>這裡不能走這步棋：{0}</translation>
        </message>
        <message>
            <source>Your move: {0}. The engine is judging it…</source>
            <translation>你的著法：{0}。引擎正在評判…</translation>
        </message>
        <message>
            <source>The engine gave no score for this move; it is not counted.</source>
            <translation>引擎沒有給出這步的分數，不計入成績。</translation>
        </message>
        <message>
            <source>So far: {0} of {1} guessed as the master · your accuracy {2:.1f}, the master's {3:.1f}</source>
            <translation>目前：{1} 步中猜中大師 {0} 步 · 你的準確度 {2:.1f}，大師 {3:.1f}</translation>
        </message>
        <message>
            <source>The master played {0}.</source>
            <translation>大師走的是 {0}。</translation>
        </message>
        <message>
            <source>−{0:.1f} against the best</source>
            <translation>比最佳著法 −{0:.1f}</translation>
        </message>
        <message>
            <source>as good as the best</source>
            <translation>與最佳著法相當</translation>
        </message>
        <message>
            <source>−{0:.1f} against the master</source>
            <translation>比大師 −{0:.1f}</translation>
        </message>
        <message>
            <source>no worse than the master's</source>
            <translation>不比大師差</translation>
        </message>
        <message>
            <source>Same move as the master!</source>
            <translation>與大師的著法相同！</translation>
        </message>
        <message>
            <source>Your move {0}: Win% {1:.1f} ({2}, {3})</source>
            <translation>你的著法 {0}：勝率 {1:.1f}%（{2}，{3}）</translation>
        </message>
        <message>
            <source>Master's move {0}: Win% {1:.1f} ({2})</source>
            <translation>大師的著法 {0}：勝率 {1:.1f}%（{2}）</translation>
        </message>
        <message>
            <source>Engine's best {0}: Win% {1:.1f}, depth {2}</source>
            <translation>引擎最佳 {0}：勝率 {1:.1f}%，深度 {2}</translation>
        </message>
        <message>
            <source>Engine's line: {0}</source>
            <translation>引擎主變：{0}</translation>
        </message>
        <message>
            <source>Your move: {0}. The engine failed; asking it again…</source>
            <translation>你的著法：{0}。引擎出錯，正在重新評判…</translation>
        </message>
        <message>
            <source>The engine cannot judge: {0}</source>
            <translation>引擎無法評判：{0}</translation>
        </message>
        <message>
            <source>Round</source>
            <translation>回合</translation>
        </message>
        <message>
            <source>Your move</source>
            <translation>你的著法</translation>
        </message>
        <message>
            <source>Master</source>
            <translation>大師</translation>
        </message>
        <message>
            <source>Engine's best</source>
            <translation>引擎最佳</translation>
        </message>
        <message>
            <source>Your loss</source>
            <translation>你的損失</translation>
        </message>
        <message>
            <source>Master's loss</source>
            <translation>大師的損失</translation>
        </message>
        <message>
            <source>&amp;Another game</source>
            <translation>換一局(&amp;A)</translation>
        </message>
        <message>
            <source>The session cannot be saved: {0}</source>
            <translation>無法儲存本次練習：{0}</translation>
        </message>
        <message>
            <source>Guessed {0} moves; {1} as the master ({2:.0f}%).</source>
            <translation>共猜 {0} 步，與大師相同 {1} 步（{2:.0f}%）。</translation>
        </message>
        <message>
            <source>Accuracy: you {0:.1f}, the master {1:.1f}.</source>
            <translation>準確度：你 {0:.1f}，大師 {1:.1f}。</translation>
        </message>
        <message>
            <source>Average Win% loss a move: you {0:.1f}, the master {1:.1f}; against the master's moves you lost {2:.1f}.</source>
            <translation>平均每步勝率損失：你 {0:.1f}，大師 {1:.1f}；與大師的著法相比你損失 {2:.1f}。</translation>
        </message>
        <message>
            <source>Untitled game</source>
            <translation>未命名對局</translation>
        </message>
    </context>
    <context>
        <name>HelpMenu</name>
        <message>
            <source>&amp;Help</source>
            <translation>說明(&amp;H)</translation>
        </message>
        <message>
            <source>Xiangqi &amp;rules</source>
            <translation>象棋規則(&amp;R)</translation>
        </message>
        <message>
            <source>Xiangqi &amp;history</source>
            <translation>象棋歷史(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <translation>快捷鍵(&amp;K)</translation>
        </message>
        <message>
            <source>&amp;About</source>
            <translation>關於(&amp;A)</translation>
        </message>
        <message>
            <source>Xiangqi rules</source>
            <translation>象棋規則</translation>
        </message>
        <message>
            <source>Xiangqi history</source>
            <translation>象棋歷史</translation>
        </message>
        <message>
            <source>Keyboard shortcuts</source>
            <translation>快捷鍵</translation>
        </message>
        <message>
            <source>Action</source>
            <translation>操作</translation>
        </message>
        <message>
            <source>Keys</source>
            <translation>按鍵</translation>
        </message>
        <message>
            <source>Xiangqi</source>
            <translation>中國象棋</translation>
        </message>
        <message>
            <source>Play Chinese chess against the computer.</source>
            <translation>與電腦下中國象棋。</translation>
        </message>
        <message>
            <source>Licence: GPL 3.0 or later. Drawings and sounds CC0; glyph outlines SIL OFL 1.1 (Noto CJK).</source>
            <translation>授權：GPL 3.0 或更新版本。圖畫和聲音 CC0；字形輪廓 SIL OFL 1.1（Noto CJK）。</translation>
        </message>
        <message>
            <source>Puzzles, training positions and the starter game database made from the Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0 (converted and selected).</source>
            <translation>謎題、訓練局面和入門棋譜庫取自 Chinese Chess Practical Dataset (CCPD)，Yu-Han Tseng，CC BY 4.0（經轉換與挑選）。</translation>
        </message>
        <message>
            <source>Engines found</source>
            <translation>找到的引擎</translation>
        </message>
        <message>
            <source>Program data: {0}</source>
            <translation>程式資料：{0}</translation>
        </message>
        <message>
            <source>About Xiangqi</source>
            <translation>關於中國象棋</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <source>starting…</source>
            <translation>啟動中…</translation>
        </message>
        <message>
            <source>ready</source>
            <translation>就緒</translation>
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
            <translation>未執行</translation>
        </message>
        <message>
            <source>Xiangqi</source>
            <translation>中國象棋</translation>
        </message>
        <message>
            <source>&amp;New game…</source>
            <translation>新對局(&amp;N)…</translation>
        </message>
        <message>
            <source>&amp;Undo</source>
            <translation>悔棋(&amp;U)</translation>
        </message>
        <message>
            <source>&amp;Redo</source>
            <translation>還原(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Hint</source>
            <translation>提示(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Move now</source>
            <translation>立即出著(&amp;M)</translation>
        </message>
        <message>
            <source>Re&amp;sign</source>
            <translation>認輸(&amp;S)</translation>
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
            <translation>翻轉棋盤(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Restart engine</source>
            <translation>重啟引擎(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Change opponent…</source>
            <translation>更換對手(&amp;C)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <translation>結束(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;Game</source>
            <translation>遊戲(&amp;G)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <translation>檢視(&amp;V)</translation>
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
            <translation>對局</translation>
        </message>
        <message>
            <source>Red to move</source>
            <translation>紅方走棋</translation>
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
            <translation>引擎出錯</translation>
        </message>
        <message>
            <source>Restart engine</source>
            <translation>重啟引擎</translation>
        </message>
        <message>
            <source>Choose another engine…</source>
            <translation>選擇其他引擎…</translation>
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
            <translation>… 另有 {0} 條</translation>
        </message>
        <message>
            <source>Autosave ignored: {0}</source>
            <translation>已忽略自動儲存：{0}</translation>
        </message>
        <message>
            <source>Resume game</source>
            <translation>繼續對局</translation>
        </message>
        <message>
            <source>An unfinished game ({0} moves) was saved. Continue it?</source>
            <translation>已儲存一局未下完的棋（{0} 步）。是否繼續？</translation>
        </message>
        <message>
            <source>Could not resume the saved game: {0}</source>
            <translation>無法繼續儲存的對局：{0}</translation>
        </message>
        <message>
            <source>Change opponent</source>
            <translation>更換對手</translation>
        </message>
        <message>
            <source>Engine to play against (the game goes on):</source>
            <translation>對弈引擎（對局繼續）：</translation>
        </message>
        <message>
            <source>Resign</source>
            <translation>認輸</translation>
        </message>
        <message>
            <source>Do you really resign this game?</source>
            <translation>確定要認輸嗎？</translation>
        </message>
        <message>
            <source>Play from here</source>
            <translation>從此處續下</translation>
        </message>
        <message>
            <source>Continue the game from this position? The later moves can still be redone.</source>
            <translation>從這個局面繼續對局？之後的著法仍可還原。</translation>
        </message>
        <message>
            <source>Play {0} from this position? The record stays as it is.</source>
            <translation>從這個局面開始與 {0} 對局？棋譜保持不變。</translation>
        </message>
        <message>
            <source>Play the engine</source>
            <translation>與引擎對局</translation>
        </message>
        <message>
            <source>Enter moves for both sides</source>
            <translation>雙方著法都由我輸入</translation>
        </message>
    </context>
    <context>
        <name>MatchDialog</name>
        <message>
            <source>Engine match</source>
            <translation>引擎對戰</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>開始</translation>
        </message>
        <message>
            <source>Test</source>
            <translation>測試</translation>
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
            <translation>錦標賽</translation>
        </message>
        <message>
            <source>SPRT</source>
            <translation>SPRT</translation>
        </message>
        <message>
            <source>Time control</source>
            <translation>計時方式</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>局數</translation>
        </message>
        <message>
            <source>Openings</source>
            <translation>開局</translation>
        </message>
        <message>
            <source>Adjudication</source>
            <translation>裁決</translation>
        </message>
        <message>
            <source>Save games to</source>
            <translation>棋局儲存到</translation>
        </message>
        <message>
            <source>Colours alternate: each opening is played once with each colour.</source>
            <translation>雙方輪流執紅：每個開局各執紅黑一次。</translation>
        </message>
        <message>
            <source>Built-in engine level {0}</source>
            <translation>內建引擎 {0} 級</translation>
        </message>
        <message>
            <source>Match</source>
            <translation>對局</translation>
        </message>
        <message>
            <source>Round-robin</source>
            <translation>循環賽</translation>
        </message>
        <message>
            <source>Gauntlet (the first plays the others)</source>
            <translation>車輪戰（第一個引擎對其餘各個）</translation>
        </message>
        <message>
            <source>rounds </source>
            <translation>輪數 </translation>
        </message>
        <message>
            <source>Each opening with both colours</source>
            <translation>每個開局雙方各執紅一次</translation>
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
            <translation>標準化 Elo</translation>
        </message>
        <message>
            <source>logistic Elo</source>
            <translation>邏輯 Elo</translation>
        </message>
        <message>
            <source>Per move</source>
            <translation>每步限時</translation>
        </message>
        <message>
            <source>Clock</source>
            <translation>棋鐘</translation>
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
            <translation>無</translation>
        </message>
        <message>
            <source>From a file</source>
            <translation>來自檔案</translation>
        </message>
        <message>
            <source>From the opening book</source>
            <translation>來自開局庫</translation>
        </message>
        <message>
            <source>Suite: {0}</source>
            <translation>開局集：{0}</translation>
        </message>
        <message>
            <source>PGN, other record or FEN list</source>
            <translation>PGN、其他棋譜或 FEN 列表</translation>
        </message>
        <message>
            <source> plies</source>
            <translation> 步（半回合）</translation>
        </message>
        <message>
            <source>Win when both engines agree on</source>
            <translation>雙方引擎一致認為優勢達到</translation>
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
            <translation>持續 </translation>
        </message>
        <message>
            <source>Draw after</source>
            <translation>判和：滿</translation>
        </message>
        <message>
            <source>Browse…</source>
            <translation>瀏覽…</translation>
        </message>
        <message>
            <source>at most </source>
            <translation>最多 </translation>
        </message>
        <message>
            <source>Openings ({0});;All files (*)</source>
            <translation>開局 ({0});;所有檔案 (*)</translation>
        </message>
        <message>
            <source>Tick two or more engines for the tournament.</source>
            <translation>請為錦標賽勾選兩個或更多引擎。</translation>
        </message>
        <message>
            <source>Engine tournament</source>
            <translation>引擎錦標賽</translation>
        </message>
        <message>
            <source>Choose the file the games are saved to.</source>
            <translation>請選擇儲存棋局的檔案。</translation>
        </message>
        <message>
            <source>No usable opening in {0}.</source>
            <translation>{0} 中沒有可用的開局。</translation>
        </message>
        <message>
            <source>No opening book is open (Book › Open book…).</source>
            <translation>沒有開啟開局庫（請用「開局庫 › 開啟開局庫…」）。</translation>
        </message>
    </context>
    <context>
        <name>MatchEnd</name>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0} is mated</source>
            <translation>{0}被將死</translation>
        </message>
        <message>
            <source>{0} has no legal move (stalemate loses)</source>
            <translation>{0}無子可動（困斃判負）</translation>
        </message>
        <message>
            <source>{0} loses by perpetual check</source>
            <translation>{0}長將判負</translation>
        </message>
        <message>
            <source>{0} loses by perpetual chase</source>
            <translation>{0}長捉判負</translation>
        </message>
        <message>
            <source>draw by the 60-move limit</source>
            <translation>六十回合無吃子，判和</translation>
        </message>
        <message>
            <source>draw by repetition</source>
            <translation>重複局面，判和</translation>
        </message>
        <message>
            <source>draw: neither side can attack any more</source>
            <translation>雙方都已無進攻子力，判和</translation>
        </message>
        <message>
            <source>{0} resigns</source>
            <translation>{0}認輸</translation>
        </message>
        <message>
            <source>{0} loses on time</source>
            <translation>{0}超時判負</translation>
        </message>
        <message>
            <source>{0} loses: its engine stopped working</source>
            <translation>{0}判負：引擎停止運作</translation>
        </message>
        <message>
            <source>{0} loses: its engine gave no legal move</source>
            <translation>{0}判負：引擎沒有給出合法著法</translation>
        </message>
        <message>
            <source>{0} loses by adjudication</source>
            <translation>{0}被裁決判負</translation>
        </message>
        <message>
            <source>draw by adjudication</source>
            <translation>裁決和棋</translation>
        </message>
        <message>
            <source>{0} wins by adjudication: both engines scored it {1} pawns or more for {2} moves</source>
            <translation>{0}判勝：雙方引擎連續 {2} 步評估優勢達 {1} 兵以上</translation>
        </message>
        <message>
            <source>draw by adjudication: {0} plies played</source>
            <translation>判和：已走 {0} 步</translation>
        </message>
        <message>
            <source>draw by adjudication: {0} claimed a draw the common rules allow and gave no move when asked again</source>
            <translation>判和：{0} 按通行規則要求和棋，再次詢問仍不出著</translation>
        </message>
        <message>
            <source>opening</source>
            <translation>開局</translation>
        </message>
    </context>
    <context>
        <name>MatchPanel</name>
        <message>
            <source>Pause</source>
            <translation>暫停</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>Close the match panel (once the match is over)</source>
            <translation>關閉對戰面板（對戰結束後）</translation>
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
            <translation>95% 區間</translation>
        </message>
        <message>
            <source>Games</source>
            <translation>局數</translation>
        </message>
        <message>
            <source>Score</source>
            <translation>分數</translation>
        </message>
        <message>
            <source>the average is 0</source>
            <translation>平均為 0</translation>
        </message>
        <message>
            <source>{0} is 0</source>
            <translation>{0} 為 0</translation>
        </message>
        <message>
            <source>Elo by maximum likelihood over all {0} games, {1}</source>
            <translation>按全部 {0} 局的最大似然估計 Elo，{1}</translation>
        </message>
        <message>
            <source>; a perfect score or engines yet to meet: one virtual draw added per pair of engines</source>
            <translation>；有全勝/全負或尚未交手的引擎：每對引擎加一局虛擬和棋</translation>
        </message>
        <message>
            <source>H1 accepted: engine A is stronger by about elo1</source>
            <translation>接受 H1：引擎 A 約強 elo1</translation>
        </message>
        <message>
            <source>H0 accepted: engine A is not stronger by elo1</source>
            <translation>接受 H0：引擎 A 沒有強 elo1</translation>
        </message>
        <message>
            <source>continuing</source>
            <translation>繼續中</translation>
        </message>
        <message>
            <source>SPRT [{0}, {1}]: LLR {2} (bounds {3} .. {4}); {5} pairs, LL LD DD+WL WD WW = {6}; Elo {7}; {8}</source>
            <translation>SPRT [{0}, {1}]：LLR {2}（界限 {3} .. {4}）；{5} 對，LL LD DD+WL WD WW = {6}；Elo {7}；{8}</translation>
        </message>
        <message>
            <source>#</source>
            <translation>#</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>結果</translation>
        </message>
        <message>
            <source>Plies</source>
            <translation>步數</translation>
        </message>
        <message>
            <source>Reason</source>
            <translation>原因</translation>
        </message>
        <message>
            <source>{0} vs {1}: {2} / {3} ({4}%), +{5} ={6} -{7}; Elo {8} (95% interval {9} .. {10}); {11} of {12} games</source>
            <translation>{0} 對 {1}：{2} / {3}（{4}%），勝 {5} 和 {6} 負 {7}；等級分差 {8}（95% 區間 {9} .. {10}）；已下 {11} / {12} 局</translation>
        </message>
    </context>
    <context>
        <name>MatchUi</name>
        <message>
            <source>Engine ma&amp;tch…</source>
            <translation>引擎對戰(&amp;T)…</translation>
        </message>
        <message>
            <source>Starting the engines…</source>
            <translation>正在啟動引擎…</translation>
        </message>
        <message>
            <source>Paused after this move</source>
            <translation>本步之後暫停</translation>
        </message>
        <message>
            <source>Playing</source>
            <translation>對局中</translation>
        </message>
        <message>
            <source>red</source>
            <translation>紅方</translation>
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
            <translation>第 {0}/{1} 組對陣，第 {2}/{3} 局</translation>
        </message>
        <message>
            <source>Red {0} · Black {1}</source>
            <translation>紅方 {0} · 黑方 {1}</translation>
        </message>
        <message>
            <source>Game {0} of the match (in {1})</source>
            <translation>對戰第 {0} 局（儲存在 {1}）</translation>
        </message>
        <message>
            <source>no file</source>
            <translation>無檔案</translation>
        </message>
        <message>
            <source>Tournament finished</source>
            <translation>錦標賽結束</translation>
        </message>
        <message>
            <source>Tournament stopped</source>
            <translation>錦標賽已停止</translation>
        </message>
        <message>
            <source>SPRT finished: a bound was reached</source>
            <translation>SPRT 結束：已達到界限</translation>
        </message>
        <message>
            <source>Match finished</source>
            <translation>對戰結束</translation>
        </message>
        <message>
            <source>Match stopped</source>
            <translation>對戰已停止</translation>
        </message>
    </context>
    <context>
        <name>MistakesNote</name>
        <message>
            <source>&amp;Red's mistakes</source>
            <translation>紅方的錯著(&amp;R)</translation>
        </message>
        <message>
            <source>B&amp;lack's mistakes</source>
            <translation>黑方的錯著(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Practise them now</source>
            <translation>現在就練(&amp;P)</translation>
        </message>
        <message>
            <source>Whose mistakes (? and ??) go into your mistakes deck? (With your name in the settings, a game of yours is known next time.)</source>
            <translation>把哪一方的錯著（? 和 ??）加入錯題本？（在設定中填寫你的名字，下次就能認出你的對局。）</translation>
        </message>
        <message>
            <source>The training history cannot be opened: no cards were added.</source>
            <translation>無法開啟練習紀錄：沒有加入卡片。</translation>
        </message>
        <message>
            <source>No cards were added: {0}</source>
            <translation>沒有加入卡片：{0}</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Mistakes deck: {0} added from {1}'s ? and ?? moves</source>
            <translation>錯題本：從{1}的 ? 和 ?? 著法中新增 {0} 張</translation>
        </message>
        <message>
            <source>; {0} were in the deck already</source>
            <translation>；{0} 張已在錯題本中</translation>
        </message>
        <message>
            <source>; {0} have no better move in the record</source>
            <translation>；{0} 張在棋譜中沒有更好的著法</translation>
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
            <translation>第 {0} 回合：這裡走了 {1}{2}。找出更好的著法。</translation>
        </message>
    </context>
    <context>
        <name>Motif</name>
        <message>
            <source>Horse and cannon mate</source>
            <translation>馬後炮</translation>
        </message>
        <message>
            <source>Double cannon mate</source>
            <translation>重炮</translation>
        </message>
        <message>
            <source>Smothered palace mate</source>
            <translation>悶宮</translation>
        </message>
        <message>
            <source>Iron bolt mate</source>
            <translation>鐵門栓</translation>
        </message>
        <message>
            <source>Heaven and earth cannons</source>
            <translation>天地炮</translation>
        </message>
        <message>
            <source>Double rook mate</source>
            <translation>雙車錯</translation>
        </message>
        <message>
            <source>Facing kings mate</source>
            <translation>白臉將</translation>
        </message>
        <message>
            <source>Crouching horse mate</source>
            <translation>臥槽馬</translation>
        </message>
        <message>
            <source>Fishing horse mate</source>
            <translation>釣魚馬</translation>
        </message>
        <message>
            <source>Diagonal horse mate</source>
            <translation>八角馬</translation>
        </message>
        <message>
            <source>Palace corner horse mate</source>
            <translation>掛角馬</translation>
        </message>
        <message>
            <source>Rook sacrifice in the palace centre</source>
            <translation>大刀剜心</translation>
        </message>
        <message>
            <source>Rook and cannon on one line</source>
            <translation>夾車炮</translation>
        </message>
        <message>
            <source>Side tiger mate</source>
            <translation>側面虎</translation>
        </message>
        <message>
            <source>Two pawns at the palace door</source>
            <translation>二鬼拍門</translation>
        </message>
        <message>
            <source>Mate from the sea bottom</source>
            <translation>海底撈月</translation>
        </message>
        <message>
            <source>King driven home</source>
            <translation>送佛歸殿</translation>
        </message>
        <message>
            <source>Stalemate</source>
            <translation>困斃</translation>
        </message>
        <message>
            <source>Forced mate</source>
            <translation>連殺</translation>
        </message>
        <message>
            <source>Fork</source>
            <translation>捉雙</translation>
        </message>
        <message>
            <source>Discovered check</source>
            <translation>抽將</translation>
        </message>
        <message>
            <source>Discovered attack</source>
            <translation>閃擊</translation>
        </message>
        <message>
            <source>Pin</source>
            <translation>牽制</translation>
        </message>
        <message>
            <source>Interference</source>
            <translation>攔截</translation>
        </message>
        <message>
            <source>Sacrifice</source>
            <translation>棄子</translation>
        </message>
        <message>
            <source>Trapped piece</source>
            <translation>捉死</translation>
        </message>
        <message>
            <source>Simplification</source>
            <translation>兌子</translation>
        </message>
        <message>
            <source>Win by the repetition rules</source>
            <translation>長將長捉判負</translation>
        </message>
        <message>
            <source>Opening</source>
            <translation>開局</translation>
        </message>
        <message>
            <source>Middlegame</source>
            <translation>中局</translation>
        </message>
        <message>
            <source>Endgame</source>
            <translation>殘局</translation>
        </message>
        <message>
            <source>Pawn endgame</source>
            <translation>兵類殘局</translation>
        </message>
        <message>
            <source>Rook endgame</source>
            <translation>車類殘局</translation>
        </message>
        <message>
            <source>Horse endgame</source>
            <translation>馬類殘局</translation>
        </message>
        <message>
            <source>Cannon endgame</source>
            <translation>炮類殘局</translation>
        </message>
        <message>
            <source>Horse and cannon endgame</source>
            <translation>馬炮殘局</translation>
        </message>
        <message>
            <source>Rook and horse endgame</source>
            <translation>車馬殘局</translation>
        </message>
        <message>
            <source>Rook and cannon endgame</source>
            <translation>車炮殘局</translation>
        </message>
        <message>
            <source>Rook, horse and cannon endgame</source>
            <translation>車馬炮殘局</translation>
        </message>
    </context>
    <context>
        <name>MoveBox</name>
        <message>
            <source>&amp;Move:</source>
            <translation>著法(&amp;M)：</translation>
        </message>
        <message>
            <source>Move input</source>
            <translation>著法輸入</translation>
        </message>
        <message>
            <source>Type a move in Chinese (炮二平五), WXF (C2.5) or ICCS (h2e2) notation and press Enter</source>
            <translation>用中文（炮二平五）、WXF（C2.5）或 ICCS（h2e2）記法輸入著法，按 Enter 走棋</translation>
        </message>
        <message>
            <source>e.g. {0} (Ctrl+L)</source>
            <translation>例如 {0}（Ctrl+L）</translation>
        </message>
        <message>
            <source>The game is over</source>
            <translation>對局已結束</translation>
        </message>
        <message>
            <source>A record is shown: “Play from here” in the move list's menu enters moves</source>
            <translation>正在檢視棋譜：在著法列表的選單中選「從此處續下」即可走棋</translation>
        </message>
        <message>
            <source>An earlier position is shown (End goes back to the game)</source>
            <translation>正在檢視之前的局面（按 End 回到對局）</translation>
        </message>
        <message>
            <source>Not your turn</source>
            <translation>還沒輪到你走</translation>
        </message>
        <message>
            <source>“{0}” is not a move: write it like 炮二平五, C2.5 or h2e2.</source>
            <translation>「{0}」不是著法：請寫成 炮二平五、C2.5 或 h2e2 這樣的形式。</translation>
        </message>
        <message>
            <source>“{0}” fits more than one move: {1}. Say which piece (e.g. 前/后).</source>
            <translation>「{0}」可以指不止一步：{1}。請說明是哪個棋子（如 前/後）。</translation>
        </message>
        <message>
            <source>“{0}” is not a legal move in this position.</source>
            <translation>「{0}」在這個局面不是合法著法。</translation>
        </message>
        <message>
            <source>The game is over: “{0}” was not played.</source>
            <translation>對局已結束：「{0}」沒有走。</translation>
        </message>
        <message>
            <source>An earlier position is shown: “{0}” was not played (End goes back to the game).</source>
            <translation>正在檢視之前的局面：「{0}」沒有走（按 End 回到對局）。</translation>
        </message>
        <message>
            <source>Not your turn: “{0}” was not played.</source>
            <translation>還沒輪到你：「{0}」沒有走。</translation>
        </message>
    </context>
    <context>
        <name>MoveList</name>
        <message>
            <source>{0} was better</source>
            <translation>{0}較好</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Back to game</source>
            <translation>回到對局</translation>
        </message>
        <message>
            <source>Play from here</source>
            <translation>從此處續下</translation>
        </message>
        <message>
            <source>Other moves here: {0}</source>
            <translation>此處的其他著法：{0}</translation>
        </message>
        <message>
            <source>Viewing move {0} of {1}</source>
            <translation>正在檢視第 {0} 步（共 {1} 步）</translation>
        </message>
    </context>
    <context>
        <name>MoveRefusal</name>
        <message>
            <source>There is no piece there</source>
            <translation>那裡沒有棋子</translation>
        </message>
        <message>
            <source>That is the opponent's piece</source>
            <translation>那是對方的棋子</translation>
        </message>
        <message>
            <source>A piece cannot take a piece of its own side</source>
            <translation>不能吃自己的子</translation>
        </message>
        <message>
            <source>That piece does not move that way</source>
            <translation>這個棋子不能這樣走</translation>
        </message>
        <message>
            <source>The king and the advisors cannot leave the palace</source>
            <translation>帥（將）和仕（士）不能走出九宮</translation>
        </message>
        <message>
            <source>The elephants cannot cross the river</source>
            <translation>相（象）不能過河</translation>
        </message>
        <message>
            <source>The elephant's eye is blocked: a piece stands at the centre of its move</source>
            <translation>塞象眼：田字中心有棋子</translation>
        </message>
        <message>
            <source>The horse is hobbled: a piece stands on the point its leg steps over</source>
            <translation>蹩馬腿：馬直走的那一格有棋子</translation>
        </message>
        <message>
            <source>A piece stands in the way</source>
            <translation>中間有棋子，不能越過</translation>
        </message>
        <message>
            <source>A cannon captures by jumping over exactly one piece</source>
            <translation>炮吃子時必須隔著正好一個棋子</translation>
        </message>
        <message>
            <source>A pawn never moves backwards</source>
            <translation>兵（卒）不能後退</translation>
        </message>
        <message>
            <source>A pawn moves sideways only after crossing the river</source>
            <translation>兵（卒）過河後才能橫走</translation>
        </message>
        <message>
            <source>Flying general: the two kings would face each other on an open file</source>
            <translation>飛將：走後將帥照面</translation>
        </message>
        <message>
            <source>That move would leave your own king in check</source>
            <translation>送將：走後自己的帥（將）被將軍</translation>
        </message>
        <message>
            <source>You are in check: the move must answer it</source>
            <translation>被將軍，必須應將</translation>
        </message>
    </context>
    <context>
        <name>NewGameDialog</name>
        <message>
            <source>New game</source>
            <translation>新對局</translation>
        </message>
        <message>
            <source>Players</source>
            <translation>棋手</translation>
        </message>
        <message>
            <source>Red (moves first)</source>
            <translation>紅方（先走）</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Neither: the engine plays both sides</source>
            <translation>都不執：引擎自己對弈</translation>
        </message>
        <message>
            <source>Nobody (two players on this board)</source>
            <translation>無（兩人在本機對弈）</translation>
        </message>
        <message>
            <source>no limit</source>
            <translation>不限</translation>
        </message>
        <message>
            <source>Limit strength to Elo (if the engine supports it)</source>
            <translation>限制棋力為 Elo（若引擎支援）</translation>
        </message>
        <message>
            <source>You play</source>
            <translation>你執</translation>
        </message>
        <message>
            <source>Opponent</source>
            <translation>對手</translation>
        </message>
        <message>
            <source>Level (1-5)</source>
            <translation>級別（1-5）</translation>
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
            <translation>內建引擎始終可用，各級別強度經過實測</translation>
        </message>
        <message>
            <source>Only the built-in engine was found</source>
            <translation>只找到內建引擎</translation>
        </message>
        <message>
            <source>Strongest: {0}</source>
            <translation>最強：{0}</translation>
        </message>
        <message>
            <source>about {0} Elo (measured against Fairy-Stockfish)</source>
            <translation>約 {0} 等級分（對 Fairy-Stockfish 測得）</translation>
        </message>
        <message>
            <source>Time control</source>
            <translation>計時方式</translation>
        </message>
        <message>
            <source>No time limit</source>
            <translation>不限時</translation>
        </message>
        <message>
            <source>Fixed time per engine move</source>
            <translation>引擎每步固定時間</translation>
        </message>
        <message>
            <source>Game clock</source>
            <translation>對局計時</translation>
        </message>
        <message>
            <source>Seconds per engine move</source>
            <translation>引擎每步秒數</translation>
        </message>
        <message>
            <source>Clock: minutes per side</source>
            <translation>計時：每方分鐘數</translation>
        </message>
        <message>
            <source>Clock: increment (seconds)</source>
            <translation>計時：每步加秒</translation>
        </message>
        <message>
            <source>Clock: moves per period (0 = whole game)</source>
            <translation>計時：每階段步數（0 = 整局）</translation>
        </message>
        <message>
            <source>Clock: byoyomi (seconds)</source>
            <translation>計時：讀秒（秒）</translation>
        </message>
        <message>
            <source> s</source>
            <translation> 秒</translation>
        </message>
        <message>
            <source> min</source>
            <translation> 分鐘</translation>
        </message>
        <message>
            <source>whole game</source>
            <translation>整局</translation>
        </message>
        <message>
            <source>The engine thinks about 3 s per move.</source>
            <translation>引擎每步約思考 3 秒。</translation>
        </message>
        <message>
            <source>Kind</source>
            <translation>類型</translation>
        </message>
        <message>
            <source>Start position</source>
            <translation>起始局面</translation>
        </message>
        <message>
            <source>empty: the initial position; or paste a FEN</source>
            <translation>留空為初始局面，或貼上 FEN</translation>
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
            <translation>正在開啟 {0}…</translation>
        </message>
    </context>
    <context>
        <name>OpeningDrillWindow</name>
        <message>
            <source>Opening drill</source>
            <translation>開局練習</translation>
        </message>
        <message>
            <source>Repertoire</source>
            <translation>開局譜</translation>
        </message>
        <message>
            <source>CCPD opening lines (shipped)</source>
            <translation>CCPD 開局譜（隨程式附帶）</translation>
        </message>
        <message>
            <source>A record file (PGN…)</source>
            <translation>棋譜檔案（PGN 等）</translation>
        </message>
        <message>
            <source>An opening book file</source>
            <translation>開局庫檔案</translation>
        </message>
        <message>
            <source>The open book ({0})</source>
            <translation>已開啟的開局庫（{0}）</translation>
        </message>
        <message>
            <source>C&amp;hoose…</source>
            <translation>選擇(&amp;H)…</translation>
        </message>
        <message>
            <source>&amp;Source:</source>
            <translation>來源(&amp;S)：</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Any move of the repertoire</source>
            <translation>譜中任何著法</translation>
        </message>
        <message>
            <source>Only its main move</source>
            <translation>只認主著</translation>
        </message>
        <message>
            <source>Which of your moves count as right: any move the repertoire plays in the position (moves it marks ? or ?! never), or only the one it plays most on its main lines</source>
            <translation>哪些著法算對：譜中在此局面下的任何著法（標有 ? 或 ?! 的除外），或只認譜中主變裡最常走的那一步</translation>
        </message>
        <message>
            <source>To the end of the line</source>
            <translation>直到譜盡</translation>
        </message>
        <message>
            <source>{0} moves</source>
            <translation>{0} 回合</translation>
        </message>
        <message>
            <source>&amp;Side:</source>
            <translation>執子(&amp;I)：</translation>
        </message>
        <message>
            <source>&amp;Right moves:</source>
            <translation>算對的著法(&amp;R)：</translation>
        </message>
        <message>
            <source>&amp;Depth:</source>
            <translation>深度(&amp;D)：</translation>
        </message>
        <message>
            <source>S&amp;tart</source>
            <translation>開始(&amp;T)</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Details…</source>
            <translation>詳情…</translation>
        </message>
        <message>
            <source>Show the &amp;move</source>
            <translation>看答案(&amp;M)</translation>
        </message>
        <message>
            <source>Show the repertoire's moves here (H); the position is then drilled again later, as after a wrong move</source>
            <translation>顯示譜中此處的著法（H）；之後這個局面會像走錯一樣再次練習</translation>
        </message>
        <message>
            <source>&amp;Next line</source>
            <translation>下一變(&amp;N)</translation>
        </message>
        <message>
            <source>Start the next line (N): a due position first</source>
            <translation>開始下一變（N）：先練到期的局面</translation>
        </message>
        <message>
            <source>No file chosen</source>
            <translation>未選擇檔案</translation>
        </message>
        <message>
            <source>{0}: Chinese Chess Practical Dataset (CCPD), Yu-Han Tseng, CC BY 4.0</source>
            <translation>{0}：Chinese Chess Practical Dataset（CCPD），Yu-Han Tseng，CC BY 4.0</translation>
        </message>
        <message>
            <source>Choose an opening book</source>
            <translation>選擇開局庫</translation>
        </message>
        <message>
            <source>Choose opening lines</source>
            <translation>選擇開局譜</translation>
        </message>
        <message>
            <source>Opening books (*.book)</source>
            <translation>開局庫 (*.book)</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有檔案 (*)</translation>
        </message>
        <message>
            <source>The book cannot be opened: {0}</source>
            <translation>無法開啟開局庫：{0}</translation>
        </message>
        <message>
            <source>The file cannot be read: {0}</source>
            <translation>無法讀取檔案：{0}</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在讀取 {0}…</translation>
        </message>
        <message>
            <source>Reading cancelled.</source>
            <translation>已取消讀取。</translation>
        </message>
        <message>
            <source>{0}: {1} lines, {2} positions; {3} records skipped</source>
            <translation>{0}：{1} 路變例，{2} 個局面；跳過 {3} 局有問題的棋譜</translation>
        </message>
        <message>
            <source>{0}: {1} lines, {2} positions</source>
            <translation>{0}：{1} 路變例，{2} 個局面</translation>
        </message>
        <message>
            <source>These records could not be read and were left out:</source>
            <translation>以下棋譜無法讀取，已跳過：</translation>
        </message>
        <message>
            <source>The repertoire has no line for this side.</source>
            <translation>譜中沒有這一方的變例。</translation>
        </message>
        <message>
            <source>A position due for review: your move.</source>
            <translation>到期複習的局面：請走棋。</translation>
        </message>
        <message>
            <source>Your move.</source>
            <translation>請走棋。</translation>
        </message>
        <message>
            <source>The repertoire plays: {0}</source>
            <translation>譜中著法：{0}</translation>
        </message>
        <message>
            <source>The training history cannot be written: {0}</source>
            <translation>無法寫入練習記錄：{0}</translation>
        </message>
        <message>
            <source>Not in the repertoire. It plays: {0}</source>
            <translation>不在譜中。譜中著法：{0}</translation>
        </message>
        <message>
            <source>The repertoire marks this move as a mistake. It plays: {0}</source>
            <translation>譜中把這步標為錯著。譜中著法：{0}</translation>
        </message>
        <message>
            <source>Not the repertoire's main move here. It plays: {0}</source>
            <translation>這不是譜中此處的主著。譜中著法：{0}</translation>
        </message>
        <message>
            <source>Right.</source>
            <translation>正確。</translation>
        </message>
        <message>
            <source>That's it.</source>
            <translation>對了。</translation>
        </message>
        <message>
            <source>The line ends here: press N for the next one.</source>
            <translation>這一變到此結束：按 N 開始下一變。</translation>
        </message>
        <message>
            <source>The position is added to the opening deck (next review: {0}).</source>
            <translation>此局面已加入開局複習（下次複習：{0}）。</translation>
        </message>
        <message>
            <source>Next review of this position: {0}.</source>
            <translation>此局面下次複習：{0}。</translation>
        </message>
        <message>
            <source>, </source>
            <translation>、</translation>
        </message>
        <message>
            <source>Choose a repertoire and press Start.</source>
            <translation>選擇開局譜，然後按「開始」。</translation>
        </message>
        <message>
            <source>{0} ({1} lines)</source>
            <translation>{0}（{1} 路變例）</translation>
        </message>
        <message>
            <source>{0} lines of the repertoire pass here</source>
            <translation>譜中有 {0} 路變例經過這裡</translation>
        </message>
        <message>
            <source>(start)</source>
            <translation>（開局）</translation>
        </message>
        <message>
            <source>Right {0} · wrong {1} · due positions {2}</source>
            <translation>對 {0} · 錯 {1} · 到期局面 {2}</translation>
        </message>
    </context>
    <context>
        <name>OptionForm</name>
        <message>
            <source>Set by the program for every game</source>
            <translation>由程式在每局中設定</translation>
        </message>
    </context>
    <context>
        <name>PositionEditor</name>
        <message>
            <source>king</source>
            <translation>帥/將</translation>
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
            <translation>馬</translation>
        </message>
        <message>
            <source>rook</source>
            <translation>車</translation>
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
            <translation>編輯局面</translation>
        </message>
        <message>
            <source>Red to move</source>
            <translation>紅方走棋</translation>
        </message>
        <message>
            <source>Black to move</source>
            <translation>黑方走棋</translation>
        </message>
        <message>
            <source>Click a piece, then click the board (again to remove it):</source>
            <translation>先點選棋子，再點棋盤放置（再點一次移除）：</translation>
        </message>
        <message>
            <source>Clear board</source>
            <translation>清空棋盤</translation>
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
            <translation>紅{0}</translation>
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
            <translation>紅帥</translation>
        </message>
        <message>
            <source>red advisor</source>
            <translation>紅仕</translation>
        </message>
        <message>
            <source>red elephant</source>
            <translation>紅相</translation>
        </message>
        <message>
            <source>red horse</source>
            <translation>紅傌</translation>
        </message>
        <message>
            <source>red rook</source>
            <translation>紅俥</translation>
        </message>
        <message>
            <source>red cannon</source>
            <translation>紅炮</translation>
        </message>
        <message>
            <source>red pawn</source>
            <translation>紅兵</translation>
        </message>
        <message>
            <source>black king</source>
            <translation>黑將</translation>
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
            <translation>黑馬</translation>
        </message>
        <message>
            <source>black rook</source>
            <translation>黑車</translation>
        </message>
        <message>
            <source>black cannon</source>
            <translation>黑砲</translation>
        </message>
        <message>
            <source>black pawn</source>
            <translation>黑卒</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0}: {1} on the board, at most {2} allowed</source>
            <translation>{0}：棋盤上有 {1} 個，最多只能有 {2} 個</translation>
        </message>
        <message>
            <source>the {0} is missing</source>
            <translation>缺少{0}</translation>
        </message>
        <message>
            <source>the {0} on {1} is outside its palace</source>
            <translation>{0}（{1}）在九宮之外</translation>
        </message>
        <message>
            <source>the {0} on {1} stands where it can never go</source>
            <translation>{0}（{1}）在它永遠走不到的位置</translation>
        </message>
        <message>
            <source>the {0} on {1} is behind its starting rank (pawns never move back)</source>
            <translation>{0}（{1}）在起始橫線之後（兵卒不能後退）</translation>
        </message>
        <message>
            <source>{0} is in check (or the kings face each other) but it is {1} to move</source>
            <translation>{0}正被將軍（或雙方將帥照面），卻輪到{1}走棋</translation>
        </message>
    </context>
    <context>
        <name>PrintOptionsDialog</name>
        <message>
            <source>Export PDF</source>
            <translation>匯出 PDF</translation>
        </message>
        <message>
            <source>Print</source>
            <translation>列印</translation>
        </message>
        <message>
            <source>&amp;Browse…</source>
            <translation>瀏覽(&amp;B)…</translation>
        </message>
        <message>
            <source>&amp;File:</source>
            <translation>檔案(&amp;F)：</translation>
        </message>
        <message>
            <source>only at the end</source>
            <translation>僅在終局</translation>
        </message>
        <message>
            <source> moves</source>
            <translation> 回合</translation>
        </message>
        <message>
            <source>&amp;Diagram every:</source>
            <translation>棋圖間隔(&amp;D)：</translation>
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
            <translation>記譜法(&amp;N)：</translation>
        </message>
        <message>
            <source>&amp;Comments</source>
            <translation>註釋(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Header (players, event, date, result)</source>
            <translation>標題（棋手、賽事、日期、結果）(&amp;H)</translation>
        </message>
        <message>
            <source>PDF documents (*.pdf)</source>
            <translation>PDF 文件 (*.pdf)</translation>
        </message>
    </context>
    <context>
        <name>PrintSheet</name>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>The game goes on for {0} more plies: a sheet prints the first {1}.</source>
            <translation>對局還有 {0} 步未印出：每份只印前 {1} 步。</translation>
        </message>
        <message>
            <source>{0} more diagrams are left out: a sheet holds at most {1}.</source>
            <translation>另有 {0} 幅棋圖省略：每份最多 {1} 幅。</translation>
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
            <translation>列印(&amp;P)…</translation>
        </message>
        <message>
            <source>Export P&amp;DF…</source>
            <translation>匯出 PDF(&amp;D)…</translation>
        </message>
        <message>
            <source>A sheet is still being made</source>
            <translation>上一份棋譜還在排版</translation>
        </message>
        <message>
            <source>Export PDF</source>
            <translation>匯出 PDF</translation>
        </message>
        <message>
            <source>Print</source>
            <translation>列印</translation>
        </message>
        <message>
            <source>Drawing the diagrams…</source>
            <translation>正在繪製棋圖…</translation>
        </message>
        <message>
            <source>Cancel</source>
            <translation>取消</translation>
        </message>
        <message>
            <source>Drawing the diagrams: {0} of {1}…</source>
            <translation>正在繪製棋圖：第 {0} 張，共 {1} 張…</translation>
        </message>
        <message>
            <source>Sheet cancelled: nothing printed or saved</source>
            <translation>已取消：未列印也未儲存</translation>
        </message>
        <message>
            <source>The sheet cannot be made</source>
            <translation>無法生成棋譜</translation>
        </message>
        <message>
            <source>The sheet stops short of the game ({0} plies and {1} diagrams left out: at most {2} plies and {3} diagrams a sheet)</source>
            <translation>棋譜未印全（省略 {0} 步和 {1} 幅棋圖：每份最多 {2} 步、{3} 幅棋圖）</translation>
        </message>
        <message>
            <source>The PDF cannot be saved</source>
            <translation>PDF 無法儲存</translation>
        </message>
        <message>
            <source>PDF saved: {0}</source>
            <translation>PDF 已儲存：{0}</translation>
        </message>
    </context>
    <context>
        <name>ProfileBusyDialog</name>
        <message>
            <source>Xiangqi is already open</source>
            <translation>中國象棋已經開啟</translation>
        </message>
        <message>
            <source>Another Xiangqi window (process {0}) is using this profile:
{1}

Its game is saved after every move; a second window on the same profile would overwrite it. This window opens by itself as soon as the other one closes.</source>
            <translation>另一個中國象棋視窗（處理程序 {0}）正在使用這個設定檔：
{1}

那個視窗每走一步都會儲存對局；同一設定檔的第二個視窗會覆蓋它。另一個視窗關閉後，本視窗會自動開啟。</translation>
        </message>
        <message>
            <source>Open read-only</source>
            <translation>以唯讀方式開啟</translation>
        </message>
        <message>
            <source>Use a separate profile</source>
            <translation>使用獨立的設定檔</translation>
        </message>
    </context>
    <context>
        <name>ProfileLock</name>
        <message>
            <source>Xiangqi (read-only profile)</source>
            <translation>中國象棋（唯讀設定檔）</translation>
        </message>
        <message>
            <source>Xiangqi (separate profile)</source>
            <translation>中國象棋（獨立設定檔）</translation>
        </message>
    </context>
    <context>
        <name>ProgressView</name>
        <message>
            <source>Training progress</source>
            <translation>練習進度</translation>
        </message>
        <message>
            <source>&amp;Export history…</source>
            <translation>匯出紀錄(&amp;E)…</translation>
        </message>
        <message>
            <source>&amp;Import history…</source>
            <translation>匯入紀錄(&amp;I)…</translation>
        </message>
        <message>
            <source>&amp;Undo import</source>
            <translation>復原匯入(&amp;U)</translation>
        </message>
        <message>
            <source>Put the training history back as it was before the last import</source>
            <translation>把練習記錄恢復到上次匯入之前</translation>
        </message>
        <message>
            <source>&amp;Rating</source>
            <translation>等級分(&amp;R)</translation>
        </message>
        <message>
            <source>T&amp;hemes</source>
            <translation>題型(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;Answers</source>
            <translation>答題(&amp;A)</translation>
        </message>
        <message>
            <source>D&amp;ue</source>
            <translation>到期(&amp;U)</translation>
        </message>
        <message>
            <source>Mate</source>
            <translation>殺法</translation>
        </message>
        <message>
            <source>Advantage</source>
            <translation>優勢</translation>
        </message>
        <message>
            <source>Crushing</source>
            <translation>大優</translation>
        </message>
        <message>
            <source>Only move</source>
            <translation>唯一著法</translation>
        </message>
        <message>
            <source>Material</source>
            <translation>得子</translation>
        </message>
        <message>
            <source>Sacrifice</source>
            <translation>棄子</translation>
        </message>
        <message>
            <source>Quiet move</source>
            <translation>靜著</translation>
        </message>
        <message>
            <source>Endgame</source>
            <translation>殘局</translation>
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
            <translation>長題</translation>
        </message>
        <message>
            <source>Other sets</source>
            <translation>其他題集</translation>
        </message>
        <message>
            <source>Mistakes</source>
            <translation>錯題本</translation>
        </message>
        <message>
            <source>Puzzles</source>
            <translation>謎題</translation>
        </message>
        <message>
            <source>Openings</source>
            <translation>開局</translation>
        </message>
        <message>
            <source>{0}: {1} due of {2}</source>
            <translation>{0}：{2} 張中 {1} 張到期</translation>
        </message>
        <message>
            <source>Cards due now: {0}.</source>
            <translation>現在到期的卡片：{0}。</translation>
        </message>
        <message>
            <source>, </source>
            <translation>，</translation>
        </message>
        <message>
            <source>Puzzle rating</source>
            <translation>謎題等級分</translation>
        </message>
        <message>
            <source>Puzzle rating: no attempts yet</source>
            <translation>謎題等級分：尚無嘗試</translation>
        </message>
        <message>
            <source>Import cancelled: nothing was imported.</source>
            <translation>已取消匯入：未匯入任何內容。</translation>
        </message>
        <message>
            <source>Undo import</source>
            <translation>復原匯入</translation>
        </message>
        <message>
            <source>Put the training history back as it was before the last import? Everything trained since that import is lost.</source>
            <translation>把練習記錄恢復到上次匯入之前？此後的練習記錄將遺失。</translation>
        </message>
        <message>
            <source>The import was not undone.</source>
            <translation>未能復原匯入。</translation>
        </message>
        <message>
            <source>The training history is back as it was before the import.</source>
            <translation>練習記錄已恢復到匯入之前。</translation>
        </message>
        <message>
            <source>Rating</source>
            <translation>等級分</translation>
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
            <translation>各題型的謎題</translation>
        </message>
        <message>
            <source>Puzzles per theme: none tried yet</source>
            <translation>各題型的謎題：還沒有做過</translation>
        </message>
        <message>
            <source>Right</source>
            <translation>答對</translation>
        </message>
        <message>
            <source>Wrong</source>
            <translation>答錯</translation>
        </message>
        <message>
            <source>Cards answered, last {0} days</source>
            <translation>最近 {0} 天複習的卡片</translation>
        </message>
        <message>
            <source>Today</source>
            <translation>今天</translation>
        </message>
        <message>
            <source>Cards due in the days ahead</source>
            <translation>今後幾天到期的卡片</translation>
        </message>
        <message>
            <source>Export the training history</source>
            <translation>匯出練習紀錄</translation>
        </message>
        <message>
            <source>Training history (*.json)</source>
            <translation>練習紀錄 (*.json)</translation>
        </message>
        <message>
            <source>Import a training history</source>
            <translation>匯入練習紀錄</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有檔案 (*)</translation>
        </message>
        <message>
            <source>The training history was not exported.</source>
            <translation>練習紀錄沒有匯出。</translation>
        </message>
        <message>
            <source>{0} entries written to {1}.</source>
            <translation>已把 {0} 筆紀錄寫入 {1}。</translation>
        </message>
        <message>
            <source>Importing {0}…</source>
            <translation>正在匯入 {0}…</translation>
        </message>
        <message>
            <source>Nothing was imported: the file cannot be used.</source>
            <translation>沒有匯入任何紀錄：這個檔案不能使用。</translation>
        </message>
        <message>
            <source>{0} entries added from {1}; {2} were here already.</source>
            <translation>已從 {1} 加入 {0} 筆紀錄；{2} 筆原本就有。</translation>
        </message>
    </context>
    <context>
        <name>PuzzleMixChooser</name>
        <message>
            <source>All puzzles</source>
            <translation>全部謎題</translation>
        </message>
        <message>
            <source>Outcome</source>
            <translation>結果</translation>
        </message>
        <message>
            <source>Phase</source>
            <translation>階段</translation>
        </message>
        <message>
            <source>Mates (杀法)</source>
            <translation>殺法</translation>
        </message>
        <message>
            <source>Tactics</source>
            <translation>戰術</translation>
        </message>
        <message>
            <source>Endgame types</source>
            <translation>殘局類型</translation>
        </message>
        <message>
            <source>Themes: all ({0}) ▾</source>
            <translation>主題：全部（{0}）▾</translation>
        </message>
        <message>
            <source>Themes: {0} ({1}) ▾</source>
            <translation>主題：{0}（{1}）▾</translation>
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
            <translation>重試</translation>
        </message>
        <message>
            <source>Show solution</source>
            <translation>顯示答案</translation>
        </message>
        <message>
            <source>Next puzzle</source>
            <translation>下一題</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>{0} to move: find the best move.</source>
            <translation>{0}走：找出最佳著法。</translation>
        </message>
        <message>
            <source>Right! {0} to move: go on.</source>
            <translation>正確！{0}繼續走。</translation>
        </message>
        <message>
            <source>Checking your move…</source>
            <translation>正在檢查你的著法…</translation>
        </message>
        <message>
            <source>Checking your move… (the engine failed; asking it again)</source>
            <translation>正在檢查你的著法…（引擎出錯，正在重新詢問）</translation>
        </message>
        <message>
            <source>The engine cannot judge moves: {0}</source>
            <translation>引擎無法判斷著法：{0}</translation>
        </message>
        <message>
            <source>Not the best move: {0} is answered by {1}.</source>
            <translation>不是最佳著法：{0}，對方應以{1}。</translation>
        </message>
        <message>
            <source>Not the best move: {0}.</source>
            <translation>不是最佳著法：{0}。</translation>
        </message>
        <message>
            <source>Solved!</source>
            <translation>解出來了！</translation>
        </message>
        <message>
            <source>Themes: {0}</source>
            <translation>主題：{0}</translation>
        </message>
        <message>
            <source>Hint: move {0}. Press Hint again to see the move.</source>
            <translation>提示：走{0}。再按「提示」看著法。</translation>
        </message>
        <message>
            <source>Hint: {0}.</source>
            <translation>提示：{0}。</translation>
        </message>
        <message>
            <source>A puzzle solved with a hint is not counted as solved for your rating.</source>
            <translation>使用提示解出的謎題不計入等級分。</translation>
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
            <translation>謎題</translation>
        </message>
        <message>
            <source>Open puzzle set…</source>
            <translation>開啟謎題集…</translation>
        </message>
        <message>
            <source>Winning advantage</source>
            <translation>取得勝勢</translation>
        </message>
        <message>
            <source>Mate</source>
            <translation>殺法</translation>
        </message>
        <message>
            <source>Crushing</source>
            <translation>大優</translation>
        </message>
        <message>
            <source>Only move</source>
            <translation>唯一著法</translation>
        </message>
        <message>
            <source>Wins material</source>
            <translation>得子</translation>
        </message>
        <message>
            <source>Sacrifice</source>
            <translation>棄子</translation>
        </message>
        <message>
            <source>Quiet move</source>
            <translation>靜著</translation>
        </message>
        <message>
            <source>Endgame</source>
            <translation>殘局</translation>
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
            <translation>長題（三步以上）</translation>
        </message>
        <message>
            <source>Reading {0}…</source>
            <translation>正在讀取 {0}…</translation>
        </message>
        <message>
            <source>The puzzle set cannot be read.</source>
            <translation>無法讀取謎題集。</translation>
        </message>
        <message>
            <source>Some puzzles were skipped.</source>
            <translation>有些謎題被跳過了。</translation>
        </message>
        <message>
            <source>No puzzle to show.</source>
            <translation>沒有可顯示的謎題。</translation>
        </message>
        <message>
            <source>Mate in {0}. </source>
            <translation>{0} 步殺。</translation>
        </message>
        <message>
            <source>{0}Puzzle rating {1}. {2}</source>
            <translation>{0}題目等級分 {1}。{2}</translation>
        </message>
        <message>
            <source>Not saved: the training history is read-only.</source>
            <translation>未儲存：練習記錄為唯讀。</translation>
        </message>
        <message>
            <source>The attempt cannot be saved.</source>
            <translation>無法儲存這次練習。</translation>
        </message>
        <message>
            <source>This puzzle joins your review deck (Training › Due today).</source>
            <translation>這道題已加入複習卡片（練習 › 今日複習）。</translation>
        </message>
        <message>
            <source>Your rating: {0}{1} · streak {2} (best {3})</source>
            <translation>你的等級分：{0}{1} · 連對 {2}（最佳 {3}）</translation>
        </message>
        <message>
            <source>Open puzzle set</source>
            <translation>開啟謎題集</translation>
        </message>
        <message>
            <source>Puzzle sets (*.puzzles)</source>
            <translation>謎題集 (*.puzzles)</translation>
        </message>
    </context>
    <context>
        <name>RecordFormats</name>
        <message>
            <source>Game records ({0})</source>
            <translation>棋譜檔案（{0}）</translation>
        </message>
        <message>
            <source>PGN, WinBoard PGN ({0})</source>
            <translation>PGN、WinBoard PGN（{0}）</translation>
        </message>
        <message>
            <source>XQF (象棋演播室, 象棋巫师) ({0})</source>
            <translation>XQF（象棋演播室、象棋巫師）（{0}）</translation>
        </message>
        <message>
            <source>CCBridge (象棋桥) ({0})</source>
            <translation>象棋橋 CCBridge（{0}）</translation>
        </message>
        <message>
            <source>DhtmlXQ web pages and texts ({0})</source>
            <translation>DhtmlXQ 網頁與文字（{0}）</translation>
        </message>
        <message>
            <source>All files (*)</source>
            <translation>所有檔案 (*)</translation>
        </message>
        <message>
            <source>WinBoard/XBoard PGN, for XBoard and pychess (*.pgn)</source>
            <translation>WinBoard/XBoard PGN，供 XBoard 與 pychess 使用 (*.pgn)</translation>
        </message>
        <message>
            <source>XQF, for 象棋巫师 and 象棋演播室 (*.xqf)</source>
            <translation>XQF，供象棋巫師與象棋演播室使用 (*.xqf)</translation>
        </message>
    </context>
    <context>
        <name>RecordShapes</name>
        <message>
            <source>the start position</source>
            <translation>開局局面</translation>
        </message>
        <message>
            <source>{0}: the comment holds more than {1} drawn shapes; the first {1} are shown, and drawing on this move is off</source>
            <translation>{0}：註解中的標記超過 {1} 個，只顯示前 {1} 個，此步不能再畫標記</translation>
        </message>
        <message>
            <source>At most {0} shapes can be drawn on a move</source>
            <translation>每步最多畫 {0} 個標記</translation>
        </message>
    </context>
    <context>
        <name>RecordUi</name>
        <message>
            <source>Comments and variations</source>
            <translation>註解與變著</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <translation>檔案(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Open…</source>
            <translation>開啟(&amp;O)…</translation>
        </message>
        <message>
            <source>Open &amp;Recent</source>
            <translation>最近開啟(&amp;R)</translation>
        </message>
        <message>
            <source>&amp;Save</source>
            <translation>儲存(&amp;S)</translation>
        </message>
        <message>
            <source>Save &amp;As…</source>
            <translation>另存新檔(&amp;A)…</translation>
        </message>
        <message>
            <source>&amp;Edit</source>
            <translation>編輯(&amp;E)</translation>
        </message>
        <message>
            <source>Edit p&amp;osition…</source>
            <translation>編輯局面(&amp;O)…</translation>
        </message>
        <message>
            <source>(no recent files)</source>
            <translation>（沒有最近的檔案）</translation>
        </message>
        <message>
            <source>The file is gone</source>
            <translation>檔案已不存在</translation>
        </message>
        <message>
            <source>{0} no longer exists.</source>
            <translation>{0} 已不存在。</translation>
        </message>
        <message>
            <source>Untitled game</source>
            <translation>未命名對局</translation>
        </message>
        <message>
            <source>{0}[*] — Xiangqi</source>
            <translation>{0}[*] — 中國象棋</translation>
        </message>
        <message>
            <source>Unsaved changes</source>
            <translation>未儲存的變更</translation>
        </message>
        <message>
            <source>The current game has changes that are not saved. Save them first?</source>
            <translation>目前對局有未儲存的變更。先儲存嗎？</translation>
        </message>
        <message>
            <source>The game has changes that are not saved. Save them before closing?</source>
            <translation>對局有未儲存的變更。關閉前要儲存嗎？</translation>
        </message>
        <message>
            <source>Open a game record</source>
            <translation>開啟棋譜</translation>
        </message>
        <message>
            <source>Cannot open the file</source>
            <translation>無法開啟檔案</translation>
        </message>
        <message>
            <source>{0} is not a game record this program reads.</source>
            <translation>{0} 不是本程式能讀取的棋譜檔案。</translation>
        </message>
        <message>
            <source>{0} is not a readable XQF file.</source>
            <translation>{0} 不是可讀取的 XQF 檔案。</translation>
        </message>
        <message>
            <source>No games</source>
            <translation>沒有對局</translation>
        </message>
        <message>
            <source>{0} holds no game.</source>
            <translation>{0} 中沒有對局。</translation>
        </message>
        <message>
            <source>Opening {0} was cancelled.</source>
            <translation>已取消開啟 {0}。</translation>
        </message>
        <message>
            <source>the clipboard</source>
            <translation>剪貼簿</translation>
        </message>
        <message>
            <source>Cannot read the game</source>
            <translation>無法讀取對局</translation>
        </message>
        <message>
            <source>No move of the game in {0} could be read; the current game is kept.</source>
            <translation>{0} 中的著法都無法讀取；目前對局保持不變。</translation>
        </message>
        <message>
            <source>Problems in the game</source>
            <translation>對局中有問題</translation>
        </message>
        <message>
            <source>Parts of the game in {0} could not be read; the moves before each problem are shown.</source>
            <translation>{0} 中的部分對局無法讀取；顯示出錯之前的著法。</translation>
        </message>
        <message>
            <source>Opened {0}</source>
            <translation>已開啟 {0}</translation>
        </message>
        <message>
            <source>Saved {0}</source>
            <translation>已儲存 {0}</translation>
        </message>
        <message>
            <source>The game was not saved</source>
            <translation>對局未儲存</translation>
        </message>
        <message>
            <source>{0} was not written (the file on disk is unchanged).</source>
            <translation>{0} 未寫入（磁碟上的檔案未改變）。</translation>
        </message>
        <message>
            <source>The file is read-only</source>
            <translation>檔案是唯讀的</translation>
        </message>
        <message>
            <source>{0} is marked read-only, so it was not changed. Save the game under another name?</source>
            <translation>{0} 被標記為唯讀，所以沒有修改。要把棋局另存為其他檔名嗎？</translation>
        </message>
        <message>
            <source>Chinese notation</source>
            <translation>中文記譜</translation>
        </message>
        <message>
            <source>WXF notation</source>
            <translation>WXF 記譜</translation>
        </message>
        <message>
            <source>ICCS coordinates</source>
            <translation>ICCS 座標</translation>
        </message>
        <message>
            <source>PGN, {0}, {1} (*.pgn)</source>
            <translation>PGN，{0}，{1} (*.pgn)</translation>
        </message>
        <message>
            <source>Save the game as</source>
            <translation>對局另存新檔</translation>
        </message>
        <message>
            <source>New game from the edited position</source>
            <translation>從編輯的局面開始新對局</translation>
        </message>
    </context>
    <context>
        <name>ReplayBar</name>
        <message>
            <source>Replay</source>
            <translation>打譜</translation>
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
            <translation>最後一步</translation>
        </message>
        <message>
            <source>Auto-play</source>
            <translation>自動播放</translation>
        </message>
        <message>
            <source> s/move</source>
            <translation> 秒/步</translation>
        </message>
        <message>
            <source>Seconds per move when playing automatically</source>
            <translation>自動播放時每步的秒數</translation>
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
            <translation>紅方勝</translation>
        </message>
        <message>
            <source>Black wins</source>
            <translation>黑方勝</translation>
        </message>
        <message>
            <source>by checkmate</source>
            <translation>將死</translation>
        </message>
        <message>
            <source>by stalemate: the side to move has no legal move</source>
            <translation>困斃：走棋方無子可動</translation>
        </message>
        <message>
            <source>60 moves without a capture</source>
            <translation>六十回合無吃子</translation>
        </message>
        <message>
            <source>by repetition</source>
            <translation>重複局面</translation>
        </message>
        <message>
            <source>perpetual check is forbidden</source>
            <translation>長將判負</translation>
        </message>
        <message>
            <source>perpetual chase is forbidden</source>
            <translation>長捉判負</translation>
        </message>
        <message>
            <source>neither side can attack any more</source>
            <translation>雙方都已無進攻子力</translation>
        </message>
        <message>
            <source>on time</source>
            <translation>超時</translation>
        </message>
        <message>
            <source>by resignation</source>
            <translation>認輸</translation>
        </message>
        <message>
            <source>by agreement</source>
            <translation>雙方議和</translation>
        </message>
        <message>
            <source>by the rules</source>
            <translation>依規則判定</translation>
        </message>
        <message>
            <source>You win!</source>
            <translation>你贏了！</translation>
        </message>
        <message>
            <source>You lose.</source>
            <translation>你輸了。</translation>
        </message>
    </context>
    <context>
        <name>ResultDialog</name>
        <message>
            <source>Game over</source>
            <translation>對局結束</translation>
        </message>
        <message>
            <source>New game</source>
            <translation>新對局</translation>
        </message>
    </context>
    <context>
        <name>ResultsModel</name>
        <message>
            <source>ID</source>
            <translation>編號</translation>
        </message>
        <message>
            <source>Ply</source>
            <translation>步</translation>
        </message>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Result</source>
            <translation>結果</translation>
        </message>
        <message>
            <source>Date</source>
            <translation>日期</translation>
        </message>
        <message>
            <source>Event</source>
            <translation>賽事</translation>
        </message>
        <message>
            <source>ECCO</source>
            <translation>ECCO</translation>
        </message>
        <message>
            <source>Plies</source>
            <translation>步數</translation>
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
            <translation>標準</translation>
        </message>
        <message>
            <source>Deep</source>
            <translation>深入</translation>
        </message>
        <message>
            <source>Review the game</source>
            <translation>復盤</translation>
        </message>
        <message>
            <source>Start</source>
            <translation>開始</translation>
        </message>
        <message>
            <source>Time per position</source>
            <translation>每步限時</translation>
        </message>
        <message>
            <source>Quick, normal and deep search a fixed number of positions: the same review gives the same marks on a busy machine. A time per position searches less when the machine is busy.</source>
            <translation>快速、標準、深入按固定的搜尋節點數分析：同一局復盤在繁忙的電腦上標註也相同。按每步限時，電腦繁忙時搜尋得更淺。</translation>
        </message>
        <message>
            <source> ms</source>
            <translation> 毫秒</translation>
        </message>
        <message>
            <source>Analyse the {0} positions of the main line and mark the moves.</source>
            <translation>分析主線的 {0} 個局面並標註著法。</translation>
        </message>
        <message>
            <source>Engine:</source>
            <translation>引擎：</translation>
        </message>
        <message>
            <source>Strength:</source>
            <translation>強度：</translation>
        </message>
        <message>
            <source>Time per position:</source>
            <translation>每個局面的時間：</translation>
        </message>
        <message>
            <source>Engines at once:</source>
            <translation>同時執行的引擎數：</translation>
        </message>
        <message>
            <source>This record cannot be reviewed: {0}</source>
            <translation>無法復盤這份棋譜：{0}</translation>
        </message>
        <message>
            <source>Analysing with {0}…</source>
            <translation>正在用 {0} 分析…</translation>
        </message>
        <message>
            <source>The review stopped: {0}</source>
            <translation>復盤中止：{0}</translation>
        </message>
    </context>
    <context>
        <name>ReviewProgress</name>
        <message>
            <source>Review: {0} of {1} positions</source>
            <translation>復盤：{0} / {1} 個局面</translation>
        </message>
        <message>
            <source>about {0} left</source>
            <translation>約剩 {0}</translation>
        </message>
    </context>
    <context>
        <name>ReviewSummaryView</name>
        <message>
            <source>Red</source>
            <translation>紅方</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Inaccuracies ?!</source>
            <translation>疑問著 ?!</translation>
        </message>
        <message>
            <source>Mistakes ?</source>
            <translation>錯著 ?</translation>
        </message>
        <message>
            <source>Blunders ??</source>
            <translation>敗著 ??</translation>
        </message>
        <message>
            <source>Accuracy</source>
            <translation>準確率</translation>
        </message>
        <message>
            <source>Average loss a move (pawns)</source>
            <translation>平均每步損失（單位：兵）</translation>
        </message>
        <message>
            <source>Marks by winning chances lost: ?! from {0}, ? from {1}, ?? from {2} points.</source>
            <translation>按損失的勝率標註：損失 {0} 個百分點起記 ?!，{1} 個起記 ?，{2} 個起記 ??。</translation>
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
            <translation>按規則紅勝</translation>
        </message>
        <message>
            <source>Black wins by rule</source>
            <translation>按規則黑勝</translation>
        </message>
        <message>
            <source>book move</source>
            <translation>開局庫著法</translation>
        </message>
        <message>
            <source>Red's view</source>
            <translation>紅方視角</translation>
        </message>
        <message>
            <source>Scores from red's point of view, in pawns: + red is ahead, - black is; #5 red mates in 5 moves, #-5 black mates in 5</source>
            <translation>紅方視角的分數，以兵為單位：正數紅方佔優，負數黑方佔優；#5 表示紅方 5 回合內將死對方，#-5 表示黑方 5 回合內將死對方</translation>
        </message>
    </context>
    <context>
        <name>SearchForm</name>
        <message>
            <source>either colour</source>
            <translation>執紅或執黑</translation>
        </message>
        <message>
            <source>as red</source>
            <translation>執紅</translation>
        </message>
        <message>
            <source>as black</source>
            <translation>執黑</translation>
        </message>
        <message>
            <source>any result</source>
            <translation>任意結果</translation>
        </message>
        <message>
            <source>red won</source>
            <translation>紅勝</translation>
        </message>
        <message>
            <source>drawn</source>
            <translation>和棋</translation>
        </message>
        <message>
            <source>black won</source>
            <translation>黑勝</translation>
        </message>
        <message>
            <source>Games that reached the board's position</source>
            <translation>到達棋盤目前局面的棋局</translation>
        </message>
        <message>
            <source>a name or part of it</source>
            <translation>姓名或其中一部分</translation>
        </message>
        <message>
            <source>a code or a name, e.g. C9</source>
            <translation>編號或名稱，如 C9</translation>
        </message>
        <message>
            <source>An ECCO code or its start (C9 finds C90 to C99), or an opening's name</source>
            <translation>ECCO 編號或其開頭（C9 找 C90 到 C99），或開局名稱</translation>
        </message>
        <message>
            <source>e.g. RHC-RC</source>
            <translation>如 車馬炮-車炮</translation>
        </message>
        <message>
            <source>The rooks (R), horses (H) and cannons (C) of each side at some moment of the game, red first: RHC-RC</source>
            <translation>對局中某一時刻雙方的車、馬、炮，紅方在前，如 車馬炮-車炮</translation>
        </message>
        <message>
            <source>e.g. Ra0,ce7</source>
            <translation>如 Ra0,ce7</translation>
        </message>
        <message>
            <source>Pieces on points at one moment: a piece letter (upper case red, lower case black) and a point, e.g. Ra0,ce7</source>
            <translation>某一時刻在指定位置上的棋子：棋子字母（大寫紅方，小寫黑方）加位置，如 Ra0,ce7</translation>
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
            <translation>搜尋(&amp;S)</translation>
        </message>
        <message>
            <source>&amp;Reset</source>
            <translation>重設(&amp;R)</translation>
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
            <translation>賽事：</translation>
        </message>
        <message>
            <source>Date:</source>
            <translation>日期：</translation>
        </message>
        <message>
            <source>Result:</source>
            <translation>結果：</translation>
        </message>
        <message>
            <source>ECCO:</source>
            <translation>ECCO：</translation>
        </message>
        <message>
            <source>Plies:</source>
            <translation>步數：</translation>
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
            <translation>設定</translation>
        </message>
        <message>
            <source>Settings not saved: the change applies until the program closes.</source>
            <translation>設定未儲存：此變更在程式關閉前有效。</translation>
        </message>
        <message>
            <source>The change applies now but could not be saved, so it will be lost when the program closes. Your settings file was left as it was.</source>
            <translation>變更已生效，但無法儲存，程式關閉後將會遺失。您的設定檔保持原樣。</translation>
        </message>
        <message>
            <source>Game</source>
            <translation>對局</translation>
        </message>
        <message>
            <source>Appearance</source>
            <translation>外觀</translation>
        </message>
        <message>
            <source>Sound</source>
            <translation>聲音</translation>
        </message>
        <message>
            <source>Language</source>
            <translation>語言</translation>
        </message>
        <message>
            <source>Engines</source>
            <translation>引擎</translation>
        </message>
        <message>
            <source>Written as your side's player in the games you play</source>
            <translation>在你下的對局中記為你一方的棋手名</translation>
        </message>
        <message>
            <source>Your name</source>
            <translation>你的名字</translation>
        </message>
        <message>
            <source>You play</source>
            <translation>你執</translation>
        </message>
        <message>
            <source>Red (moves first)</source>
            <translation>紅方（先走）</translation>
        </message>
        <message>
            <source>Black</source>
            <translation>黑方</translation>
        </message>
        <message>
            <source>Level (1–5)</source>
            <translation>級別（1–5）</translation>
        </message>
        <message>
            <source>Time control</source>
            <translation>計時方式</translation>
        </message>
        <message>
            <source>No time limit</source>
            <translation>不限時</translation>
        </message>
        <message>
            <source>Fixed time per engine move</source>
            <translation>引擎每步固定時間</translation>
        </message>
        <message>
            <source>Game clock</source>
            <translation>對局計時</translation>
        </message>
        <message>
            <source>Seconds per engine move</source>
            <translation>引擎每步秒數</translation>
        </message>
        <message>
            <source>Clock: minutes per side</source>
            <translation>計時：每方分鐘數</translation>
        </message>
        <message>
            <source>Clock: increment (seconds)</source>
            <translation>計時：每步加秒</translation>
        </message>
        <message>
            <source>Clock: moves per period (0 = whole game)</source>
            <translation>計時：每階段步數（0 = 整局）</translation>
        </message>
        <message>
            <source>Draw after this many plies without a capture</source>
            <translation>無吃子判和的半回合數</translation>
        </message>
        <message>
            <source>The engine thinks on your time (ponder)</source>
            <translation>引擎在你思考時也思考（背景思考）</translation>
        </message>
        <message>
            <source>Game settings apply from the next new game.</source>
            <translation>對局設定從下一局開始生效。</translation>
        </message>
        <message>
            <source>Board theme</source>
            <translation>棋盤主題</translation>
        </message>
        <message>
            <source>Piece set</source>
            <translation>棋子樣式</translation>
        </message>
        <message>
            <source>Coordinates</source>
            <translation>座標</translation>
        </message>
        <message>
            <source>ICCS (a–i, 0–9)</source>
            <translation>ICCS（a–i，0–9）</translation>
        </message>
        <message>
            <source>Traditional (Chinese numerals / digits)</source>
            <translation>傳統（中文數字 / 阿拉伯數字）</translation>
        </message>
        <message>
            <source>None</source>
            <translation>無</translation>
        </message>
        <message>
            <source>Notation</source>
            <translation>記譜法</translation>
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
            <translation>顯示可走位置</translation>
        </message>
        <message>
            <source>Mark the last move</source>
            <translation>標記上一步</translation>
        </message>
        <message>
            <source>Show the engine's best-move arrow</source>
            <translation>顯示引擎最佳著法箭頭</translation>
        </message>
        <message>
            <source>Show the analysis lines as arrows</source>
            <translation>以箭頭顯示分析變著</translation>
        </message>
        <message>
            <source>Show the opponent engine's score and lines in a game</source>
            <translation>對局中顯示對手引擎的評分和著法</translation>
        </message>
        <message>
            <source>Animate moves</source>
            <translation>走子動畫</translation>
        </message>
        <message>
            <source>Text size</source>
            <translation>文字大小</translation>
        </message>
        <message>
            <source>High-contrast window colours</source>
            <translation>高對比度視窗色彩</translation>
        </message>
        <message>
            <source>Play sounds</source>
            <translation>播放聲音</translation>
        </message>
        <message>
            <source>Volume</source>
            <translation>音量</translation>
        </message>
        <message>
            <source>No sound on this computer: %1</source>
            <translation>本機無法播放聲音：%1</translation>
        </message>
        <message>
            <source>Follow the system (%1)</source>
            <translation>跟隨系統（%1）</translation>
        </message>
        <message>
            <source>The menus, panels and dialogs change to the new language at once.</source>
            <translation>選單、面板和對話方塊會立即換成新的語言。</translation>
        </message>
    </context>
    <context>
        <name>ShareUi</name>
        <message>
            <source>Export &amp;image…</source>
            <translation>匯出圖片(&amp;I)…</translation>
        </message>
        <message>
            <source>Copy position as &amp;image</source>
            <translation>複製圖片(&amp;I)</translation>
        </message>
        <message>
            <source>Position copied as a picture</source>
            <translation>局面已作為圖片複製</translation>
        </message>
        <message>
            <source>A GIF is still being made</source>
            <translation>上一個 GIF 動畫還在產生</translation>
        </message>
        <message>
            <source>Export image</source>
            <translation>匯出圖片</translation>
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
            <translation>正在產生 GIF：第 {0} 格，共 {1} 格…</translation>
        </message>
        <message>
            <source>GIF export cancelled: no file written</source>
            <translation>已取消匯出 GIF：未寫入檔案</translation>
        </message>
        <message>
            <source>Picture saved: {0}</source>
            <translation>圖片已儲存：{0}</translation>
        </message>
        <message>
            <source>The picture cannot be saved</source>
            <translation>圖片無法儲存</translation>
        </message>
    </context>
    <context>
        <name>SoundPlayer</name>
        <message>
            <source>sound file missing: {0}</source>
            <translation>缺少聲音檔案：{0}</translation>
        </message>
        <message>
            <source>sound off ({0} is set)</source>
            <translation>聲音已關閉（設定了 {0}）</translation>
        </message>
        <message>
            <source>no Qt multimedia ({0})</source>
            <translation>沒有 Qt 多媒體元件（{0}）</translation>
        </message>
        <message>
            <source>no audio output device</source>
            <translation>沒有音訊輸出裝置</translation>
        </message>
        <message>
            <source>audio unavailable ({0})</source>
            <translation>無法使用音訊（{0}）</translation>
        </message>
    </context>
    <context>
        <name>SoundToggle</name>
        <message>
            <source>S&amp;ound</source>
            <translation>聲音(&amp;O)</translation>
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
            <translation>用你選擇的引擎分析目前局面</translation>
        </message>
        <message>
            <source>Show &amp;threat</source>
            <translation>顯示威脅(&amp;T)</translation>
        </message>
        <message>
            <source>Analyse what the other side would play if it were its turn</source>
            <translation>分析假如輪到對方走棋時對方的最佳著法</translation>
        </message>
        <message>
            <source>Re&amp;view the game…</source>
            <translation>復盤(&amp;V)…</translation>
        </message>
        <message>
            <source>mate in {0}</source>
            <translation>{0}步殺</translation>
        </message>
        <message>
            <source>Threat: {0}</source>
            <translation>威脅：{0}</translation>
        </message>
        <message>
            <source>A threat is the other side's line from this position: it cannot be played here</source>
            <translation>威脅是對方在此局面的著法線路，不能在這裡走出</translation>
        </message>
        <message>
            <source>Play the line</source>
            <translation>走這一路變著</translation>
        </message>
        <message>
            <source>Playing this line on the board may end the game against the engine: a side line is studied without it. The moves played stay in the record. Play it?</source>
            <translation>把這路變著走到棋盤上可能會結束與引擎的對局：研究分支時引擎不參與。已走的著法保留在棋譜中。要走嗎？</translation>
        </message>
        <message>
            <source>Review needs a record with moves and no game going on against an engine</source>
            <translation>復盤需要一份有著法的棋譜，且沒有正在與引擎進行的對局</translation>
        </message>
        <message>
            <source>The review of the game opened before is done</source>
            <translation>之前打開的對局已復盤完畢</translation>
        </message>
    </context>
    <context>
        <name>TrainingMenu</name>
        <message>
            <source>&amp;Training</source>
            <translation>練習(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;Puzzles…</source>
            <translation>謎題(&amp;P)…</translation>
        </message>
        <message>
            <source>&amp;Due today…</source>
            <translation>今日複習(&amp;D)…</translation>
        </message>
        <message>
            <source>&amp;Endgame challenge…</source>
            <translation>殘局挑戰(&amp;E)…</translation>
        </message>
        <message>
            <source>&amp;Guess the move…</source>
            <translation>猜譜(&amp;G)…</translation>
        </message>
        <message>
            <source>&amp;Opening drill…</source>
            <translation>開局練習(&amp;O)…</translation>
        </message>
        <message>
            <source>P&amp;rogress and history…</source>
            <translation>練習進度(&amp;R)…</translation>
        </message>
        <message>
            <source>Training</source>
            <translation>練習</translation>
        </message>
        <message>
            <source>The training history cannot be opened.</source>
            <translation>無法開啟練習紀錄。</translation>
        </message>
        <message>
            <source>The training history {0} is damaged. Repair it? What can still be read is kept in a fresh history; the damaged file is kept beside it ({1}).</source>
            <translation>練習記錄 {0} 已損壞。要修復嗎？仍可讀取的內容會存入新的記錄檔，損壞的檔案保留在旁邊（{1}）。</translation>
        </message>
        <message>
            <source>The training history was not repaired.</source>
            <translation>練習記錄未修復。</translation>
        </message>
        <message>
            <source>The training history was repaired: {0} entries kept. The damaged file is kept as {1}.</source>
            <translation>練習記錄已修復：保留了 {0} 筆記錄。損壞的檔案保存為 {1}。</translation>
        </message>
        <message>
            <source>The card decks cannot be read.</source>
            <translation>無法讀取複習卡片。</translation>
        </message>
        <message>
            <source>The training history {0} is read-only ({1}): you can train, but nothing is saved.</source>
            <translation>練習記錄 {0} 為唯讀（{1}）：可以練習，但不會儲存。</translation>
        </message>
        <message>
            <source>the file is marked read-only</source>
            <translation>檔案被設為唯讀</translation>
        </message>
        <message>
            <source>its folder cannot be written</source>
            <translation>所在資料夾無法寫入</translation>
        </message>
        <message>
            <source>The training history cannot be read.</source>
            <translation>無法讀取練習記錄。</translation>
        </message>
        <message>
            <source>&amp;Due today ({0})…</source>
            <translation>今日複習（{0}）(&amp;D)…</translation>
        </message>
    </context>
    <context>
        <name>ViewMenus</name>
        <message>
            <source>&amp;Board theme</source>
            <translation>棋盤主題(&amp;B)</translation>
        </message>
        <message>
            <source>&amp;Piece set</source>
            <translation>棋子樣式(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Coordinates</source>
            <translation>座標(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Traditional (Chinese numerals / digits)</source>
            <translation>傳統（中文數字 / 阿拉伯數字）(&amp;T)</translation>
        </message>
        <message>
            <source>&amp;ICCS (a–i, 0–9)</source>
            <translation>ICCS（a–i，0–9）(&amp;I)</translation>
        </message>
        <message>
            <source>&amp;None</source>
            <translation>不顯示(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Notation</source>
            <translation>記譜法(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Chinese</source>
            <translation>中文縱線(&amp;C)</translation>
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
            <translation>顯示可走位置(&amp;H)</translation>
        </message>
        <message>
            <source>Mark the &amp;last move</source>
            <translation>標記上一步(&amp;L)</translation>
        </message>
        <message>
            <source>Show the engine's best-move &amp;arrow</source>
            <translation>顯示引擎最佳著法箭頭(&amp;A)</translation>
        </message>
        <message>
            <source>Show the analysis lines as arro&amp;ws</source>
            <translation>以箭頭顯示分析變著(&amp;W)</translation>
        </message>
        <message>
            <source>Show the opponent's thin&amp;king</source>
            <translation>顯示對手的思考(&amp;K)</translation>
        </message>
        <message>
            <source>Ani&amp;mate moves</source>
            <translation>走子動畫(&amp;M)</translation>
        </message>
    </context>
    <context>
        <name>QFileDialog</name>
        <message>
            <source>&amp;Look in:</source>
            <translation>查詢範圍(&amp;L)：</translation>
        </message>
        <message>
            <source>Files of &amp;type:</source>
            <translation>檔案類型(&amp;T)：</translation>
        </message>
    </context>
    <context>
        <name>QAbstractFileIconProvider</name>
        <message>
            <source>Folder</source>
            <translation>資料夾</translation>
        </message>
        <message>
            <source>File</source>
            <translation>檔案</translation>
        </message>
        <message>
            <source>Drive</source>
            <translation>磁碟機</translation>
        </message>
        <message>
            <source>%1 File</source>
            <translation>%1 檔案</translation>
        </message>
        <message>
            <source>Unknown</source>
            <translation>未知</translation>
        </message>
    </context>
</TS>
