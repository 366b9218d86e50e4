"""Pictures of the board for other programs: File › 导出图片… (PNG, SVG, animated GIF), Edit › 复制图片, and
the pictures ``python -m xiangqi image`` writes."""
