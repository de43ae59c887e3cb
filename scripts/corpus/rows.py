"""Text segments with boxes (a dataset's truth) put into rows: segments whose vertical middles
fall within a row's height join it; rows top to bottom, each left to right."""


def rows(segments):
    """`segments`: (box [x0, y0, x1, y1], text). Returns rows, each a list of (box, text) by x."""
    found = []
    for box, text in sorted(segments, key=lambda s: ((s[0][1] + s[0][3]) / 2, s[0][0])):
        text = " ".join(text.split())
        if not text:
            continue
        middle = (box[1] + box[3]) / 2
        row = found[-1] if found else None
        if row and row["top"] <= middle <= row["bottom"]:
            row["items"].append((box, text))
            row["top"], row["bottom"] = min(row["top"], box[1]), max(row["bottom"], box[3])
        else:
            found.append({"top": box[1], "bottom": box[3], "items": [(box, text)]})
    return [sorted(row["items"], key=lambda item: item[0][0]) for row in found]
