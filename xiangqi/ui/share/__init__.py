"""Sharing a game outside the app: pictures of the board (File › 导出图片…: PNG, SVG, animated GIF; Edit ›
复制图片; the pictures ``python -m xiangqi image`` writes), printed sheets (File › 打印…, 导出 PDF…) and the
shapes drawn on the board (kept in the record's comments, drawn in every picture and sheet)."""
