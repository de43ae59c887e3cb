#!/usr/bin/env python3
"""Build the evaluation set for `filterocr ocr --auto`: degraded copies of clean pages, each with
its ground truth beside it, split by source page into `tune` and `test`, plus the clean pages.

usage: bench/degrade.py OUTDIR      (a relative OUTDIR is taken from the repository root)

Writes
  OUTDIR/tune/<source>-<degradation>.png|.jpg  + .txt   pages used to tune the automatic choice
  OUTDIR/test/<source>-<degradation>.png|.jpg  + .txt   pages it must never see while tuning
  OUTDIR/clean/<source>.<ext> + .txt                    the clean originals, copied unchanged
  OUTDIR/photos/<name>.<ext> + .txt                     the images of images/ that are degraded
                                                        already (phone photos, a receipt, a sign):
                                                        real degradations, never used in tuning
  OUTDIR/manifest.tsv                                   split, file, source, degradation, parameters

Besides the degradations of PLAN, every page arrives in each of the ARRIVAL kinds: turned a
quarter, half or three quarters, upside down in shadow, white on dark, tilted 3° with black
scanner edges, covered in specks (`<source>-turn90.png`, …, in the page's split).

The split is by SOURCE page (a table below), so no text of a test page is seen in tuning.
Every effect draws its parameters from a numpy generator seeded with the CRC-32 of
"<source>-<degradation>", so the set is the same on every run and every machine with the
same OpenCV; the parameters still differ from page to page. Degraded images are kept to about
3 megapixels or less so that one recognition takes a couple of seconds at most. They carry no
resolution (OpenCV writes none), so Tesseract estimates it from the text size, as it does for
most phone photos; the clean copies keep their files' own resolution.
"""
import os
import shutil
import sys
import zlib

import cv2
import numpy as np

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(REPO, "corpus")
MAX_PIXELS = 3.0e6

# Clean, document-like pages with truth. Left out of images/: receipt (already faded and
# blurred), phone_photo_noisy, skewed_page, document_photo_12mp, street_sign and poster
# (already degraded photos or scenes), price_tag and sticker_alpha (labels, not pages).
SOURCES = {
    "book_page": os.path.join(REPO, "images", "book_page.png"),
    "exam_page": os.path.join(REPO, "images", "exam_page.tif"),
    "form": os.path.join(REPO, "images", "form.png"),
    "newsletter": os.path.join(REPO, "images", "newsletter.png"),
    "app_screenshot": os.path.join(REPO, "images", "app_screenshot.png"),
    "slide": os.path.join(REPO, "images", "slide.gif"),
    "phototest": os.path.join(CORPUS, "phototest.tif"),
    "eurotext": os.path.join(CORPUS, "eurotext.tif"),
}

# Fixed split by source (3 of 8 pages, 14 of 36 degraded images, for tuning), and the
# degradations made of each page. The tune pages cover every kind of degradation (rotation as
# rotblur) and every kind of page (greyscale scan, colour UI, 1-bit corpus page).
SPLIT = {
    "exam_page": "tune",
    "app_screenshot": "tune",
    "phototest": "tune",
    "book_page": "test",
    "form": "test",
    "newsletter": "test",
    "slide": "test",
    "eurotext": "test",
}
PLAN = {
    "exam_page": ["photo", "noise", "lowres", "faded"],
    "app_screenshot": ["photo", "noise", "lowres", "jpeg"],
    "phototest": ["photo", "noise", "lowres", "faded", "jpeg", "rotblur"],
    "book_page": ["photo", "noise", "lowres", "faded", "rotjpeg"],
    "form": ["photo", "noise", "faded", "jpeg"],
    "newsletter": ["photo", "noise", "lowres", "rotnoise"],
    "slide": ["photo", "noise", "lowres", "jpeg"],
    "eurotext": ["photo", "noise", "lowres", "faded", "jpeg"],
}
# Every page also arrives in each of the ARRIVAL kinds (below), in its own split.


def load(path):
    """The page as float32 0-255, greyscale (h, w) or BGR (h, w, 3); alpha composited on white."""
    image = cv2.imread(path, cv2.IMREAD_UNCHANGED)
    if image is None:
        # OpenCV before 4.7 reads no GIF (images/slide.gif); Pillow, where it is installed, does.
        try:
            from PIL import Image
            image = cv2.cvtColor(np.array(Image.open(path).convert("RGBA")), cv2.COLOR_RGBA2BGRA)
        except (ImportError, OSError):
            sys.exit(f"degrade.py: cannot read {path}")
    if image.dtype != np.uint8:
        image = cv2.convertScaleAbs(image, alpha=255.0 / max(1, int(image.max())))
    image = image.astype(np.float32)
    if image.ndim == 3 and image.shape[2] == 4:
        alpha = image[:, :, 3:] / 255.0
        image = image[:, :, :3] * alpha + 255.0 * (1 - alpha)
    if image.ndim == 3 and np.abs(image - image.mean(axis=2, keepdims=True)).max() < 1:
        image = image[:, :, 0].copy()
    return image


def is_bilevel(image):
    return np.unique(image).size <= 2


def resize(image, scale):
    if abs(scale - 1) < 1e-6:
        return image
    h, w = image.shape[:2]
    size = (max(1, round(w * scale)), max(1, round(h * scale)))
    method = cv2.INTER_AREA if scale < 1 else cv2.INTER_CUBIC
    return cv2.resize(image, size, interpolation=method)


def page_scale(image, rng, page=(0.4, 0.5), small=(0.8, 0.9)):
    """A scale drawn from `page` for the 300 dpi pages of images/ (longest side over 1700 px) or
    from `small` for the smaller ones (corpus pages at 200 dpi, screenshot, slide), capped by
    the pixel budget."""
    h, w = image.shape[:2]
    lo, hi = page if max(h, w) > 1700 else small
    budget = min(1.0, (MAX_PIXELS / (w * h)) ** 0.5)
    return min(budget, rng.uniform(lo, hi))


def soften(image, sigma=0.6):
    """1-bit corpus pages have no grey edges; a scanner's optics would give them some."""
    return cv2.GaussianBlur(image, (0, 0), sigma)


def smooth_field(shape, rng, cells=(4, 5)):
    """A smooth random field in [-1, 1] (low-frequency blotches)."""
    h, w = shape[:2]
    coarse = rng.uniform(-1, 1, size=cells).astype(np.float32)
    field = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    return cv2.GaussianBlur(field, (0, 0), max(h, w) / 20)


def illumination(shape, rng):
    """Light falling off across the page (random direction), vignetting and blotches."""
    h, w = shape[:2]
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    x, y = x / w - 0.5, y / h - 0.5
    theta = rng.uniform(0, 2 * np.pi)
    ramp = x * np.cos(theta) + y * np.sin(theta)
    ramp = (ramp - ramp.min()) / (ramp.max() - ramp.min())
    gradient = rng.uniform(0.30, 0.50)
    cx, cy = rng.uniform(-0.15, 0.15, size=2)
    vignette = rng.uniform(0.20, 0.40)
    blotch = rng.uniform(0.05, 0.10)
    field = (1 - gradient * ramp) * (1 - vignette * ((x - cx) ** 2 + (y - cy) ** 2) * 2)
    field *= 1 + blotch * smooth_field(shape, rng)
    return np.clip(field, 0.3, 1.05), f"light-{gradient:.2f}@{np.degrees(theta):.0f}° vignette {vignette:.2f}"


def add_noise(image, rng, sigma):
    return image + rng.normal(0, sigma, size=image.shape).astype(np.float32)


def salt_and_pepper(image, rng, fraction):
    h, w = image.shape[:2]
    hit = rng.random((h, w)) < fraction
    salt = rng.random((h, w)) < 0.5
    out = image.copy()
    out[hit & salt] = 255
    out[hit & ~salt] = 0
    return out


def rotate(image, rng, background):
    """Rotate about the centre onto a larger grey canvas (a page crooked on a scanner bed)."""
    angle = rng.uniform(1.5, 3.0) * rng.choice([-1, 1])
    h, w = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    cos, sin = abs(matrix[0, 0]), abs(matrix[0, 1])
    nw, nh = int(w * cos + h * sin), int(w * sin + h * cos)
    matrix[0, 2] += nw / 2 - w / 2
    matrix[1, 2] += nh / 2 - h / 2
    border = (background,) * 3 if image.ndim == 3 else background
    out = cv2.warpAffine(image, matrix, (nw, nh), flags=cv2.INTER_CUBIC,
                         borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    return out, angle


# Degradations: each takes the clean page (float32) and a seeded generator and returns
# (image, file extension, JPEG quality or None, a note of the parameters drawn).

def photo(image, rng):
    """Phone photo: uneven light, low contrast, warm cast, slight blur, mild noise, JPEG ~60."""
    if is_bilevel(image):
        image = soften(image)
    image = resize(image, page_scale(image, rng, (0.48, 0.58), (0.9, 1.0)))
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    paper, ink = rng.uniform(180, 215), rng.uniform(65, 100)
    image = ink + image / 255.0 * (paper - ink)
    light, light_note = illumination(image.shape, rng)
    image = image * light[:, :, None]
    image = image * np.array([rng.uniform(0.80, 0.90), rng.uniform(0.92, 0.98), 1.04], np.float32)
    blur = rng.uniform(0.8, 1.4)
    image = cv2.GaussianBlur(image, (0, 0), blur)
    sigma = rng.uniform(4, 8)
    image = add_noise(image, rng, sigma)
    quality = int(rng.integers(55, 66))
    return image, ".jpg", quality, (f"levels {ink:.0f}-{paper:.0f}, {light_note}, blur σ{blur:.1f}, "
                                    f"noise σ{sigma:.1f}, JPEG q{quality}")


def noise(image, rng):
    """Sensor noise and speckle from a cheap scanner at about 130 dpi: gaussian σ 20-30 plus
    1.5-2.5% salt and pepper."""
    if is_bilevel(image):
        image = soften(image)
    image = resize(image, page_scale(image, rng, (0.42, 0.50), (0.80, 0.90)))
    sigma = rng.uniform(20, 30)
    image = add_noise(image, rng, sigma)
    fraction = rng.uniform(0.015, 0.025)
    image = salt_and_pepper(image, rng, fraction)
    return image, ".png", None, f"noise σ{sigma:.1f}, salt and pepper {fraction * 100:.1f}%"


def lowres(image, rng):
    """Low resolution: soft optics, then downscaled with area averaging and saved small, for a
    filter to upscale. Pages end at 95-125 dpi, the 200 dpi corpus pages at 90-110 dpi: a plain
    40-50% of a 300 dpi page costs Tesseract almost nothing (CER under 0.01 measured)."""
    scale = page_scale(image, rng, (0.32, 0.42), (0.45, 0.55))
    blur = rng.uniform(0.5, 0.8)
    image = cv2.GaussianBlur(image, (0, 0), blur / scale)
    image = resize(image, scale)
    return image, ".png", None, f"blur σ{blur:.1f} px of the result, downscaled ×{scale:.2f} (INTER_AREA)"


def faded(image, rng):
    """Faded thin print: ink strokes eroded, ink lightened towards the paper, unevenly."""
    bilevel = is_bilevel(image)
    # Dilating the paper by 3x3 takes a pixel off each side of a stroke (a 300 dpi stroke is
    # 4-6 px); 4x4 left Tesseract nothing to read (CER 1.0) on two of four pages.
    k = 3
    image = cv2.dilate(image, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    if bilevel:
        image = soften(image)
    image = resize(image, page_scale(image, rng, (0.45, 0.50), (0.75, 0.85)))
    black = rng.uniform(138, 155)
    black_field = black + 12 * smooth_field(image.shape, rng, (3, 3))
    if image.ndim == 3:
        black_field = black_field[:, :, None]
    paper = rng.uniform(238, 250)
    image = black_field + image / 255.0 * (paper - black_field)
    sigma = rng.uniform(4, 6)
    image = add_noise(image, rng, sigma)
    return image, ".png", None, f"ink thinned {k}x{k}, black level {black:.0f}±12, paper {paper:.0f}, noise σ{sigma:.1f}"


def jpeg(image, rng):
    """Heavy JPEG (q 15-25) after a downscale to about 0.7 (0.45-0.55 for 300 dpi pages, which
    stay readable for Tesseract anyway)."""
    if is_bilevel(image):
        image = soften(image)
    scale = page_scale(image, rng, (0.45, 0.55), (0.65, 0.75))
    image = resize(image, scale)
    quality = int(rng.integers(15, 26))
    return image, ".jpg", quality, f"downscaled ×{scale:.2f}, JPEG q{quality}"


def rotjpeg(image, rng):
    """Crooked low-resolution scan with noise, saved as a poor JPEG."""
    image = resize(image, page_scale(image, rng, (0.36, 0.42), (0.6, 0.7)))
    image, angle = rotate(image, rng, rng.uniform(120, 170))
    sigma = rng.uniform(8, 12)
    image = add_noise(image, rng, sigma)
    quality = int(rng.integers(25, 36))
    return image, ".jpg", quality, f"rotated {angle:+.1f}° on grey, noise σ{sigma:.1f}, JPEG q{quality}"


def rotnoise(image, rng):
    """Crooked scan with strong sensor noise and some speckle."""
    image = resize(image, page_scale(image, rng, (0.45, 0.52), (0.8, 0.9)))
    image, angle = rotate(image, rng, rng.uniform(120, 170))
    sigma = rng.uniform(22, 28)
    image = add_noise(image, rng, sigma)
    fraction = rng.uniform(0.008, 0.015)
    image = salt_and_pepper(image, rng, fraction)
    return image, ".png", None, (f"rotated {angle:+.1f}° on grey, noise σ{sigma:.1f}, "
                                 f"salt and pepper {fraction * 100:.1f}%")


def rotblur(image, rng):
    """Crooked, defocused scan of a small page, with mild noise."""
    if is_bilevel(image):
        image = soften(image)
    image, angle = rotate(image, rng, rng.uniform(120, 170))
    blur = rng.uniform(1.4, 1.8)
    image = cv2.GaussianBlur(image, (0, 0), blur)
    sigma = rng.uniform(10, 14)
    image = add_noise(image, rng, sigma)
    return image, ".png", None, f"rotated {angle:+.1f}° on grey, blur σ{blur:.1f}, noise σ{sigma:.1f}"


# Pages as they arrive (issue: turned, upside down, inverted, bordered, speckled): facts about
# the page that a filter must right before the text can be read. Each is made at a moderate
# resolution (as `jpeg` is) so that what is measured is the turn, inversion, border or specks,
# not the size.

def arrival_scale(image, rng):
    if is_bilevel(image):
        image = soften(image)
    return resize(image, page_scale(image, rng, (0.55, 0.65), (0.85, 0.95)))


def quarter_turn(image, turns):
    """`turns` quarter turns anticlockwise, as a page fed sideways or upside down."""
    return np.ascontiguousarray(np.rot90(image, turns))


def turn90(image, rng):
    """Scanned sideways: a quarter turn anticlockwise."""
    return quarter_turn(arrival_scale(image, rng), 1), ".png", None, "turned 90° anticlockwise"


def turn180(image, rng):
    """Scanned upside down."""
    return quarter_turn(arrival_scale(image, rng), 2), ".png", None, "turned 180°"


def turn270(image, rng):
    """Scanned sideways the other way: a quarter turn clockwise."""
    return quarter_turn(arrival_scale(image, rng), 3), ".png", None, "turned 270° anticlockwise"


def upshadow(image, rng):
    """Photographed upside down under uneven light: a shadow across the page, mild blur and
    noise, JPEG."""
    image = arrival_scale(image, rng)
    light, light_note = illumination(image.shape, rng)
    image = image * (light[:, :, None] if image.ndim == 3 else light)
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.5, 0.8))
    sigma = rng.uniform(3, 6)
    image = add_noise(quarter_turn(image, 2), rng, sigma)
    quality = int(rng.integers(70, 81))
    return image, ".jpg", quality, f"turned 180°, {light_note}, noise σ{sigma:.1f}, JPEG q{quality}"


def inverted(image, rng):
    """White text on a dark ground (a slide, a screenshot in dark mode, a negative)."""
    image = arrival_scale(image, rng)
    ground, ink = rng.uniform(20, 60), rng.uniform(200, 240)
    image = ground + (255 - image) / 255.0 * (ink - ground)
    sigma = rng.uniform(2, 4)
    image = add_noise(image, rng, sigma)
    return image, ".png", None, f"inverted: ground {ground:.0f}, ink {ink:.0f}, noise σ{sigma:.1f}"


def bordertilt(image, rng):
    """A page tilted 3° on a scanner bed with the lid open: black edges around it."""
    image = arrival_scale(image, rng)
    angle = 3.0 * rng.choice([-1, 1])
    h, w = image.shape[:2]
    matrix = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    margin = [int(rng.uniform(0.04, 0.09) * max(h, w)) for _ in range(4)]  # top, bottom, left, right
    nw, nh = w + margin[2] + margin[3], h + margin[0] + margin[1]
    matrix[0, 2] += margin[2]
    matrix[1, 2] += margin[0]
    black = rng.uniform(10, 35)
    border = (black,) * 3 if image.ndim == 3 else black
    # The page stays white where it is; outside it the scanner sees its dark lid.
    image = cv2.warpAffine(image, matrix, (nw, nh), flags=cv2.INTER_CUBIC,
                           borderMode=cv2.BORDER_CONSTANT, borderValue=border)
    sigma = rng.uniform(2, 4)
    image = add_noise(image, rng, sigma)
    return image, ".png", None, f"tilted {angle:+.0f}°, black edges {margin} px at {black:.0f}, noise σ{sigma:.1f}"


def specks(image, rng):
    """A photocopy covered in specks: dark dots of 1-3 px, some thousands per page."""
    image = arrival_scale(image, rng)
    h, w = image.shape[:2]
    density = rng.uniform(0.008, 0.016)
    count = int(density * h * w / 4)
    out = image.copy()
    for _ in range(count):
        side = int(rng.integers(1, 4))
        y, x = int(rng.integers(0, h - side)), int(rng.integers(0, w - side))
        out[y:y + side, x:x + side] = rng.uniform(0, 60)
    return out, ".png", None, f"{count} specks of 1-3 px ({density * 100:.1f}% of the page)"


DEGRADATIONS = {f.__name__: f for f in (photo, noise, lowres, faded, jpeg, rotjpeg, rotnoise, rotblur,
                                        turn90, turn180, turn270, upshadow, inverted, bordertilt, specks)}
# The kinds of issue 23 (pages as they arrive), which bench/auto.sh also reports on their own.
ARRIVAL = ["turn90", "turn180", "turn270", "upshadow", "inverted", "bordertilt", "specks"]


def truth_of(path):
    return os.path.splitext(path)[0] + ".txt"


def clear(directory, names):
    """Remove files this script writes (and only those) left from an earlier run."""
    if not os.path.isdir(directory):
        return
    for name in os.listdir(directory):
        stem, ext = os.path.splitext(name)
        if ext in (".png", ".jpg", ".tif", ".gif", ".txt") and (stem in names or stem.split("-")[0] in names):
            os.remove(os.path.join(directory, name))


# The images of images/ that are degraded as they are: photographed, faded or skewed.
PHOTOS = ["receipt.png", "phone_photo_noisy.jpg", "skewed_page.jpg", "street_sign.jpg", "poster.webp",
          "price_tag.bmp", "sticker_alpha.png", "document_photo_12mp.jpg"]


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        sys.exit(next(l for l in __doc__.splitlines() if l.startswith("usage")))
    out = os.path.join(REPO, sys.argv[1]) if not os.path.isabs(sys.argv[1]) else sys.argv[1]
    for split in ("tune", "test", "clean"):
        clear(os.path.join(out, split), set(SOURCES))
        os.makedirs(os.path.join(out, split), exist_ok=True)
    os.makedirs(os.path.join(out, "photos"), exist_ok=True)

    manifest = ["split\tfile\tsource\tdegradation\twidth\theight\tparameters"]
    for source, path in SOURCES.items():
        truth = truth_of(path)
        name = source + os.path.splitext(path)[1]
        shutil.copyfile(path, os.path.join(out, "clean", name))
        shutil.copyfile(truth, os.path.join(out, "clean", source + ".txt"))
        clean = load(path)
        h, w = clean.shape[:2]
        manifest.append(f"clean\t{name}\t{source}\t-\t{w}\t{h}\tcopied unchanged")
        print(f"clean {name:38} {w:5}x{h:<5} copied unchanged")

        for degradation in PLAN[source] + ARRIVAL:
            rng = np.random.default_rng(zlib.crc32(f"{source}-{degradation}".encode()))
            image, ext, quality, note = DEGRADATIONS[degradation](clean.copy(), rng)
            image = np.clip(np.rint(image), 0, 255).astype(np.uint8)
            split = SPLIT[source]
            file = f"{source}-{degradation}{ext}"
            target = os.path.join(out, split, file)
            params = [cv2.IMWRITE_JPEG_QUALITY, quality] if ext == ".jpg" else [cv2.IMWRITE_PNG_COMPRESSION, 6]
            if not cv2.imwrite(target, image, params):
                sys.exit(f"degrade.py: cannot write {target}")
            shutil.copyfile(truth, os.path.splitext(target)[0] + ".txt")
            h, w = image.shape[:2]
            manifest.append(f"{split}\t{file}\t{source}\t{degradation}\t{w}\t{h}\t{note}")
            print(f"{split:5} {file:38} {w:5}x{h:<5} {note}")

    for name in PHOTOS:
        path = os.path.join(REPO, "images", name)
        shutil.copyfile(path, os.path.join(out, "photos", name))
        shutil.copyfile(truth_of(path), os.path.join(out, "photos", os.path.splitext(name)[0] + ".txt"))
        manifest.append(f"photos\t{name}\t{name}\t-\t-\t-\tcopied unchanged from images/")
        print(f"photos {name:37} copied unchanged")

    with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(manifest) + "\n")
    counts = {s: sum(1 for line in manifest[1:] if line.startswith(s + "\t")) for s in ("tune", "test", "clean", "photos")}
    print(f"wrote {out}: " + ", ".join(f"{n} {s}" for s, n in counts.items()))


if __name__ == "__main__":
    main()
