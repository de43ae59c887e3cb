#!/usr/bin/env bash
# Filter speed on a 12-megapixel RGB image, measured in one run: the blur at σ 3, 25, 75
# and 300 (and at σ 1 and 2, below the shrinking), the threshold, and a plain memory copy
# of the same buffer; with OpenCV's
# GaussianBlur (BORDER_REPLICATE, same σ), and each other filter's nearest OpenCV recipe,
# on the same image when OpenCV's Python module
# (Debian's python3-opencv) is installed. Prints each time and its ratio to the references.
#
# usage: bench/filters.sh [path/to/filterbench] [IMAGE]
set -euo pipefail
cd "$(dirname "$0")/.."
bench=${1:-.build/release/filterbench}
image=${2:-images/document_photo_12mp.jpg}
runs=${RUNS:-5}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$bench" "$image" "$runs" | tee "$work/ours.txt"

if "${PYTHON:-python3}" -c 'import cv2' 2>/dev/null; then
  "${PYTHON:-python3}" - "$image" > "$work/opencv.txt" <<'PY'
import sys, time
import cv2, numpy as np
image = cv2.imread(sys.argv[1], cv2.IMREAD_COLOR)
as_float = image.astype(np.float32) / 255

def best(function, runs):
    return min(timed(function) for _ in range(runs))

def timed(function):
    start = time.perf_counter()
    function()
    return time.perf_counter() - start

print(f"opencv-version {cv2.__version__}")
for sigma in (3, 25, 75):
    runs = 3 if sigma < 75 else 1
    seconds = best(lambda: cv2.GaussianBlur(image, (0, 0), sigma, borderType=cv2.BORDER_REPLICATE), runs)
    print(f"opencv-u8-{sigma} {seconds:.4f}")
seconds = best(lambda: cv2.GaussianBlur(as_float, (0, 0), 25, borderType=cv2.BORDER_REPLICATE), 1)
print(f"opencv-f32-25 {seconds:.4f}")

# The nearest OpenCV operation to each of the other filters, on the same 8-bit image.
grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
lut = np.clip((np.arange(256) - 128) * 2 + 128, 0, 255).astype(np.uint8)
radius = max(7, min(image.shape[:2]) // 64)
kernel3, kernel7 = np.ones((3, 3), np.uint8), np.ones((7, 7), np.uint8)
equivalents = {
    "greyscale": lambda: cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR),
    "contrast": lambda: cv2.LUT(image, lut),
    "sharpen": lambda: cv2.addWeighted(image, 1.5, cv2.GaussianBlur(image, (0, 0), 2.5), -0.5, 0),
    "median-3": lambda: cv2.medianBlur(image, 3),
    "median-7": lambda: cv2.medianBlur(image, 7),
    "erode-3": lambda: cv2.erode(image, kernel3),
    "erode-7": lambda: cv2.erode(image, kernel7),
    "scale-2x": lambda: cv2.resize(image, None, fx=2, fy=2, interpolation=cv2.INTER_LANCZOS4),
    "invert": lambda: cv2.bitwise_not(image),
    "rotate-90": lambda: cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE),
    "rotate-270": lambda: cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE),
    "otsu": lambda: cv2.threshold(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU),
    "adaptive-mean": lambda: cv2.adaptiveThreshold(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), 255,
                                                   cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY, 2 * radius + 1, 10),
}

# The page-cleaning filters' nearest recipes: divide by a dilated (closed) background, crop
# edge rows and columns that are mostly dark, drop small components by area, and invert the
# boxes of large dark components.
def divide_background():
    background = cv2.medianBlur(cv2.dilate(grey, np.ones((7, 7), np.uint8)), 21)
    return cv2.divide(grey, background, scale=255)

def crop_borders():
    dark = grey < 64
    rows, columns = dark.mean(axis=1) <= 0.75, dark.mean(axis=0) <= 0.75
    return image[rows.argmax():len(rows) - rows[::-1].argmax(), columns.argmax():len(columns) - columns[::-1].argmax()]

def remove_specks():
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    small = stats[:, cv2.CC_STAT_AREA] <= 16
    small[0] = False
    result = image.copy()
    result[small[labels]] = 255
    return result

def invert_dark_regions():
    _, dark = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    result = image.copy()
    for x, y, w, h, area in stats[1:]:
        if w > 64 and h > 64 and area > 0.75 * w * h:
            result[y:y + h, x:x + w] = 255 - result[y:y + h, x:x + w]
    return result

equivalents.update({"background": divide_background, "borders": crop_borders,
                    "despeckle": remove_specks, "lighttext": invert_dark_regions})
for name, function in equivalents.items():
    print(f"opencv-{name} {best(function, 3):.4f}")
PY
  cat "$work/opencv.txt"
else
  echo "(OpenCV not installed: apt-get install python3-opencv, or make bench, to compare with it)"
  : > "$work/opencv.txt"
fi

# orient's nearest operation is no OpenCV one: it is Tesseract's orientation detection, as
# OCRmyPDF's --rotate-pages runs it (`tesseract IMAGE - --psm 0`), timed here on the same image.
if command -v tesseract > /dev/null; then
  "${PYTHON:-python3}" - "$image" >> "$work/opencv.txt" <<'PY'
import subprocess, sys, time
def timed():
    start = time.perf_counter()
    subprocess.run(["tesseract", sys.argv[1], "-", "--psm", "0"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start
print(f"tesseract-osd {min(timed() for _ in range(3)):.4f}")
PY
  grep tesseract-osd "$work/opencv.txt"
fi

"${PYTHON:-python3}" - "$work/ours.txt" "$work/opencv.txt" <<'PY'
import sys
def read(path):
    values = {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 2:
            try:
                values[parts[0]] = float(parts[1])
            except ValueError:
                values[parts[0]] = parts[1]
    return values
ours, cv = read(sys.argv[1]), read(sys.argv[2])
print()
print("ratios (lower is faster for filterocr):")
print(f"  threshold / memory copy            {ours['threshold'] / ours['copy']:6.2f}x   (target <= 3)")
print(f"  blur σ300 / blur σ3                {ours['blur-300'] / ours['blur-3']:6.2f}x   (target <= 1.3)")
for sigma in (3, 25, 75):
    if f"opencv-u8-{sigma}" in cv:
        print(f"  blur σ{sigma:<3} / OpenCV 8-bit σ{sigma:<3}       {ours[f'blur-{sigma}'] / cv[f'opencv-u8-{sigma}']:6.3f}x")
if "opencv-u8-25" in cv:
    slowest = max(ours[f"blur-{s}"] for s in (3, 25, 75, 300))
    print(f"  slowest blur / OpenCV 8-bit σ25    {slowest / cv['opencv-u8-25']:6.3f}x   (target <= 0.1)")
    print(f"  slowest blur / OpenCV float σ25    {slowest / cv['opencv-f32-25']:6.3f}x")
    for sigma in (1, 2):
        if f"blur-{sigma}" in ours:
            print(f"  blur σ{sigma} (direct kernel) / OpenCV 8-bit σ25 {ours[f'blur-{sigma}'] / cv['opencv-u8-25']:6.3f}x")

# Each other filter against a memory copy and against OpenCV's nearest operation.
pairs = {
    "greyscale-25": "greyscale", "contrast-25": "contrast", "sharpen-25": "sharpen", "median-25": "median-3",
    "median-75": "median-7", "erode-25": "erode-3", "erode-75": "erode-7", "dilate-25": "erode-3",
    "dilate-75": "erode-7", "scale-25": "scale-2x", "invert-25": "invert", "otsu-25": "otsu",
    "sauvola-25": "adaptive-mean", "deskew-25": None, "greyscale-75": "greyscale", "contrast-75": "contrast",
    "sharpen-75": "sharpen", "invert-75": "invert", "otsu-75": "otsu", "sauvola-75": "adaptive-mean", "deskew-75": None,
    "rotate-25": "rotate-90", "rotate-75": "rotate-270", "orient-25": "tesseract-osd", "orient-75": "tesseract-osd",
    "background-25": "background", "background-75": "background", "borders-25": "borders", "borders-75": "borders",
    "despeckle-25": "despeckle", "despeckle-75": "despeckle", "lighttext-25": "lighttext", "lighttext-75": "lighttext",
}
print()
print("other filters (25% is each one's default):      ms   / copy   / nearest (OpenCV's, or the tesseract CLI's OSD)")
for name, reference in pairs.items():
    if name not in ours:
        continue
    line = f"  {name:14} {ours[name] * 1000:8.1f} {ours[name] / ours['copy']:7.1f}x"
    key = reference if reference in cv else f"opencv-{reference}"
    if reference and key in cv:
        line += f" {ours[name] / cv[key]:7.2f}x ({reference})"
    print(line)
PY
