#!/usr/bin/env python3
"""Build a development set for `filterocr --auto`: every clean source page with truth, degraded
by one randomly drawn recipe per seed, split so that tuning never sees a test page or a test seed.

usage: bench/devset.py SOURCES... --out OUTDIR [--seeds N] [--kinds k1,k2] [--limit N] [--real FOLDER]
       bench/devset.py --real FOLDER --out OUTDIR      (the set's real pages alone, replaced)

  SOURCES   folders (not searched below their top level) or files; every image (.png .jpg .jpeg
            .tif .tiff .gif .bmp .webp .pbm .pgm .ppm) with its truth NAME.txt beside it is a
            source page, named after its file without the extension (two sources of one name
            are told apart by their folder: FOLDER-NAME)
  --out     the set's folder (a relative one is taken from the current directory)
  --seeds   degraded copies per source page, seeds 0..N-1 (default 3)
  --kinds   draw recipes from these kinds only (default: all of the table below)
  --limit   use only the first N source pages in the order of their names
  --max-pixels  downscale pages to at most N pixels (default 4000000); with --kinds perspective
            and 12000000 the set is one of 12-megapixel phone photos of the pages
  --real    a folder of real pages (phone photos, till receipts: devcorpus/photographed/), each
            image with its truth NAME.txt, copied byte for byte (not degraded, not downscaled)
            and split by source as the sources are (below): real-tune or real-test (pages with
            one truth text, one receipt scanned twice, are one source: the side of the first of
            their names). A page's
            kind is the first two words of its name (receipt_thermal_x.jpg: manifest kinds
            real-receipt-thermal; a name of two words or fewer, its first: receipt_x.jpg,
            real-receipt). Without SOURCES, only the set's real pages are replaced (the
            files of its manifest's real-* rows deleted, the folder's pages copied, the other
            rows kept), so pages that arrive later join a set that is kept; this needs neither
            OpenCV nor numpy.

Needs Debian's python3-opencv, python3-numpy and python3-pil (run with /usr/bin/python3).

Writes
  OUTDIR/tune/NAME-sSEED-KIND+KIND.png|.jpg + .txt   pages that tuning may see
  OUTDIR/test/…                                      pages that tuning must never see
  OUTDIR/mixed/…                                     a tuning source with a test seed or the
                                                     reverse: never tuned on, reported apart
  OUTDIR/clean/NAME.EXT + .txt                       every source copied unchanged (the "clean
                                                     pages must stay as given" check)
  OUTDIR/real-tune/NAME.EXT + .txt, real-test/…      with --real: the real pages as given
  OUTDIR/manifest.tsv   split, file (in the split's folder), source (its path), seed, kinds,
                        parameters (compact JSON, keys sorted: "scale" the uniform downscale of
                        the source before degrading, "size" the output's [width, height], "fit"
                        a second downscale when the degraded page outgrew the pixel budget,
                        "perspective_scale" the scale of the page's size in a photo's frame, and
                        one object per kind with the values drawn, as they were applied)
A run first deletes the files named in an earlier OUTDIR/manifest.tsv, and only those.

The split. A source page is a tuning source when the first 8 bytes of SHA-256(NAME), read as an
unsigned big-endian integer, are below 40% of 2^64 (about 40% of sources; the rest are test
sources). NAME here is always the file's name without its extension, so copies of one page in two
folders fall on one side; sources of different names with the same truth text on different sides
are warned about. A seed is a tuning seed when seed < N // 2 (the first half, rounded down: with the
default N = 3, seed 0 tunes and seeds 1 and 2 test; with N = 1 there are no tuning pages). A
degraded page goes to tune only if both its source and its seed are tuning ones, to test only
if both are test ones, and to mixed otherwise. So no text and no random draw of a test page is
ever seen in tuning, and every page's split stays the same when sources are added or removed
(but not when N changes: build a set's tune and test pages with one N).

The recipe. For source NAME and seed S, a numpy Generator (PCG64) seeded with the first 8 bytes
of SHA-256("NAME|S") draws the recipe: one kind (60%), two (28%) or three (12%), each different
and uniformly among the kinds allowed, none excluded by one already drawn (fax and binarize are
both a binarisation; perspective brings its own rotation and background, so it excludes tilt and
borders), then each kind's parameters from the ranges below. The random pixels of each kind
(positions of specks, noise) come from a generator seeded with SHA-256("NAME|S|KIND"). Pages are
first downscaled uniformly (INTER_AREA) to at most 4 megapixels, and again at the end if a
rotation or a border made them larger. Kinds are applied in the order of the table: the paper
and what is printed on it, then how it lies under the scanner or camera, then light and optics,
then the sensor, then compression. The same command gives byte-identical files on a machine (OpenCV
runs on one thread; PNG and JPEG encoding are deterministic); another OpenCV, numpy or libjpeg may
round a few pixels differently, never the recipes, names or splits. Pages that end in black and
white only (binarize, fax) are written as 1-bit PNG.

| kind | stage | what it is | parameters (ranges drawn uniformly unless said) |
| --- | --- | --- | --- |
| invert | paper | white text on a dark ground (dark-mode screen, negative) | ground 0-90, ink 160-255, ink at least 90 above ground |
| fade | paper | low contrast, grey paper, faded and thinned ink | paper 140-250; contrast 30-min(170, paper) (ink = paper - contrast); ink level uneven across the page by 0-40% of the contrast; strokes thinned by 1 px a side in 40% |
| halftone | paper | text and paper printed through a halftone dot screen, rescanned (moiré) | screen period 2.2-4.5 px, angle 0-90° (colour: three screens 30° apart); ink tone 55-100%; 0-2 tinted boxes (20-60% by 8-30% of the page) of tone 10-30%; in 70% rescanned at 55-95% without averaging (aliasing: moiré) and scaled back |
| bleed | paper | the other side shows through: mirrored text at low opacity | opacity 8-50%, blur σ 0.5-3 px, offset ±6% of each side |
| copier | paper | photocopy: grey toner haze, crushed contrast, toner spread, banding, drum streaks | haze 0-35%, gamma 1.0-2.5, strokes thickened by 0 (50%), 1 (30%) or 2 px (20%), banding period 15-150 px and depth 0-25%, 0-10 streaks 1-5 px wide of strength 20-90% (a quarter light), toner grain σ 2-10 |
| specks | paper | dust and photocopy toner: dark and light specks, scattered or clustered | count 3-5000 (log-uniform), diameter 1-6 px (max drawn 1-6, small ones likelier), dark (level 0-90) 55%, light (200-255) 15%, both 30%; 60% clustered: 30-100% of specks in 1-8 clusters of spread 1-8% of the side |
| stain | paper | coffee rings and colour tint (aged or coloured paper) | coffee 45%: 1-3 rings of radius 5-25% of the width, strength 15-60%, rim 2-8% of the radius, fill 10-50%, 50-100% of the ring strong, 0-10 droplets; tint 30% (yellowed, manila, pink, blue, green, grey-brown paper, strength 20-100%, uneven 0-50%); both 25% |
| crease | paper | folds: a dark line with a shading band and a highlight, text shifted across | 1-3 creases, along the page axes ±4° (70%) or at any angle; line 15-60% dark and 0.8-3 px wide, shade 5-35% over 0.5-6% of the side, highlight 0-15%, offset 0-2.5 px, wobble 0-3 px |
| turn | placement | fed sideways or upside down | 90, 180 (upside down) or 270° anticlockwise, exact |
| borders | placement | dark scanner bed around the page on 1-4 edges | 1-4 edges; width 1-15% of the side across it, slanted ±3° in 60%; bed level 0-100 with texture 0-15 |
| tilt | placement | page crooked on the scanner glass (white lid around it) | ±0.5-8°; lid level 195-250 (the dark bed when borders is drawn too) |
| perspective | placement | phone photo of a page on a table: keystone, roll, background, shadow | the page spans 60-90% of the frame across and down; keystone 0-20% on a random side; corners jittered 0.5-5%; roll ±8°; table wood, grey or dark; drop shadow 15-50%; the frame is scaled to fit 4 megapixels |
| light | optics | uneven light: linear gradient, lamp hot-spot (with glare), cast shadow | strength 10-80% at the darkest point; linear: direction 0-360°; hot-spot: centre -20-120% of each side, radius 30-100% of the diagonal, glare 0-35% in half; cast: any direction, edge at ±35% of the diagonal from the centre, penumbra 1-15% of it |
| blur | optics | out of focus or moved | Gaussian σ 0.5-3 px, motion 2-14 px at 0-180°, or defocus disk radius 1-4 px (a third each) |
| resolution | sensor | scanned small, then maybe scaled back up (blocky or soft text) | scale 40-100%, down by area (70%) or aliased linear (30%); back up: none, nearest or cubic (a third each) |
| noise | sensor | sensor noise | Gaussian σ 2-40 levels (log-uniform) 50%, salt and pepper 0.1-5% of pixels (log-uniform) 25%, both 25% |
| binarize | sensor | black-and-white scan mode with an uneven threshold: strokes broken in places, blotched in others | threshold from 10-110 to 140-250 over a smooth field of 2-5 cells; sensor blur σ 0.4-1.2 px, noise σ 2-20 before it |
| fax | sensor | 1-bit fax: low or anisotropic resolution, threshold or ordered dither, lost lines, streaks | standard (half vertical) or fine; scan width 50-100%; light paper taken as white; threshold 100-190 (60%) or 8x8 Bayer dither (40%); 0-3% of lines lost (white, repeated or shifted), in bursts of 1-6; 0-3 black vertical streaks; back to the size with nearest |
| jpeg | compression | saved as JPEG | quality 10-90 (the file is .jpg; all other pages are PNG) |
"""
import argparse
import hashlib
import json
import math
import os
import re
import shutil
import sys

try:
    import cv2
    import numpy as np
    from PIL import Image, ImageOps
    MISSING = None
except ImportError as error:  # --real alone copies files and needs none of them
    cv2 = np = Image = ImageOps = None
    MISSING = error

MAX_PIXELS = 4_000_000
IMAGE_EXTS = (".png", ".jpg", ".jpeg", ".tif", ".tiff", ".gif", ".bmp", ".webp", ".pbm", ".pgm", ".ppm")
TUNE_SOURCES = 0.40
KIND_COUNTS = (0.60, 0.28, 0.12)  # chances of one, two and three kinds on a page
EXCLUSIVE = ({"fax", "binarize"}, {"perspective", "tilt"}, {"perspective", "borders"})
ORDER = ["invert", "fade", "halftone", "bleed", "copier", "specks", "stain", "crease",
         "turn", "borders", "tilt", "perspective",
         "light", "blur",
         "resolution", "noise", "binarize", "fax",
         "jpeg"]
SPLITS = ("tune", "test", "mixed")
REAL_SPLITS = ("real-tune", "real-test")

if cv2:
    cv2.setNumThreads(1)


# ---------------------------------------------------------------- hashing, drawing, the split

def stable_hash(text):
    """64 bits of SHA-256: the same on every machine and Python (unlike hash())."""
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


def stem(path):
    return os.path.splitext(os.path.basename(path))[0]


def is_tuning_source(key):
    """`key` is the source file's name without its extension (not the FOLDER-NAME of a clash)."""
    return stable_hash(key) < TUNE_SOURCES * 2 ** 64


def is_tuning_seed(seed, seeds):
    return seed < seeds // 2


def split_of(key, seed, seeds):
    source, seed_ = is_tuning_source(key), is_tuning_seed(seed, seeds)
    return "tune" if source and seed_ else "test" if not source and not seed_ else "mixed"


def uni(rng, lo, hi, digits=2):
    """A uniform draw, rounded: the value recorded in the manifest is the value applied."""
    return round(float(rng.uniform(lo, hi)), digits)


def logu(rng, lo, hi, digits=4):
    return float(f"{math.exp(rng.uniform(math.log(lo), math.log(hi))):.{digits}g}")


def pick(rng, options, p=None):
    return options[int(rng.choice(len(options), p=p))]


def chance(rng, p):
    return bool(rng.random() < p)


# ---------------------------------------------------------------- image helpers

def load(path):
    """The page as float32 0-255: greyscale (h, w) or BGR (h, w, 3); alpha composited on white;
    the first frame; turned upright by its EXIF orientation."""
    with Image.open(path) as image:
        image.seek(0)
        image = ImageOps.exif_transpose(image)
        if image.mode in ("I;16", "I;16B", "I;16L", "I", "F"):
            array = np.asarray(image, dtype=np.float32)
            array = array * (255.0 / max(1.0, float(array.max())))
        else:
            if image.mode not in ("L", "RGB", "RGBA"):
                image = image.convert("RGBA" if "A" in image.mode or "transparency" in image.info
                                      else "RGB" if image.mode not in ("1", "L") else "L")
            array = np.asarray(image).astype(np.float32)
    if array.ndim == 3 and array.shape[2] == 4:
        alpha = array[:, :, 3:] / 255.0
        array = array[:, :, :3] * alpha + 255.0 * (1 - alpha)
    if array.ndim == 3:
        array = np.ascontiguousarray(array[:, :, ::-1])
        if np.abs(array - array.mean(axis=2, keepdims=True)).max() < 1:
            array = np.ascontiguousarray(array[:, :, 0])
    return array


def grey(img):
    return cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) if img.ndim == 3 else img


def colour(img):
    return cv2.cvtColor(img, cv2.COLOR_GRAY2BGR) if img.ndim == 2 else img


def per_pixel(field, img):
    """A (h, w) field broadcast over the channels of img."""
    return field[:, :, None] if img.ndim == 3 else field


def resize_to(img, size, method):
    w, h = size
    return cv2.resize(img, (max(1, int(w)), max(1, int(h))), interpolation=method)


def scale_by(img, scale, method=None):
    method = cv2.INTER_AREA if method is None else method
    h, w = img.shape[:2]
    return resize_to(img, (round(w * scale), round(h * scale)), method)


def smooth_field(shape, rng, cells):
    """A smooth random field spanning exactly [-1, 1], with about `cells` blotches a side."""
    h, w = shape[:2]
    coarse = rng.uniform(-1, 1, size=(int(cells) + 1, int(cells) + 1)).astype(np.float32)
    field = cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)
    lo, hi = float(field.min()), float(field.max())
    return (2 * (field - lo) / max(hi - lo, 1e-6) - 1).astype(np.float32)


def smooth_1d(n, rng, knots):
    """A smooth random profile of n values in about [-1, 1]."""
    coarse = rng.uniform(-1, 1, size=int(knots) + 2)
    return np.interp(np.linspace(0, knots + 1, n), np.arange(knots + 2), coarse).astype(np.float32)


def paper_colour(img):
    """The paper's colour: the median of a thin strip round the page (inverted pages included)."""
    h, w = img.shape[:2]
    t = max(1, min(h, w) // 50)
    strip = np.concatenate([img[:t].reshape(-1, *img.shape[2:]), img[-t:].reshape(-1, *img.shape[2:]),
                            img[:, :t].reshape(-1, *img.shape[2:]), img[:, -t:].reshape(-1, *img.shape[2:])])
    return np.median(strip, axis=0)


def grid(h, w):
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    return x, y


def smoothstep(t):
    t = np.clip(t, 0, 1)
    return t * t * (3 - 2 * t)


class Page:
    """What the kinds work on: the image, the page's coverage once it has been placed (None while
    it fills the frame), the source in grey (the other side for bleed) and the size before the
    resolution kind shrank it."""

    def __init__(self, img):
        self.img = img
        self.mask = None
        self.original = grey(img).copy()
        self.size_before = None
        self.notes = {}   # values a kind works out as it goes, recorded beside its parameters

    def coverage(self):
        if self.mask is None:
            self.mask = np.ones(self.img.shape[:2], np.float32)
        return self.mask


# ---------------------------------------------------------------- paper

def draw_invert(rng):
    ground = int(rng.integers(0, 91))
    return {"ground": ground, "ink": int(rng.integers(max(160, ground + 90), 256))}


def apply_invert(page, p, rng):
    page.img = p["ground"] + (255 - page.img) / 255.0 * (p["ink"] - p["ground"])


def draw_fade(rng):
    paper = int(rng.integers(140, 251))
    contrast = int(rng.integers(30, min(170, paper) + 1))
    return {"paper": paper, "ink": paper - contrast, "uneven": uni(rng, 0, 0.4), "thin": int(chance(rng, 0.4))}


def apply_fade(page, p, rng):
    img = page.img
    if p["thin"]:
        # Taking the lightest of 3x3 neighbours takes a pixel off each side of every dark stroke.
        img = cv2.dilate(img, cv2.getStructuringElement(cv2.MORPH_RECT, (3, 3)))
    contrast = p["paper"] - p["ink"]
    ink = p["ink"] + p["uneven"] * contrast * smooth_field(img.shape, rng, 3)
    ink = per_pixel(np.minimum(ink, p["paper"] - 20), img)
    page.img = ink + img / 255.0 * (p["paper"] - ink)


def draw_halftone(rng):
    # 2.2-4.5 px is a 45-90 lines/inch screen (newsprint) on a 200 dpi page. A tint fills boxes
    # (panels behind text), not the whole page: a page of dots is thousands of blobs to a layout
    # analysis (Tesseract spent over 10 minutes on one).
    boxes = [[uni(rng, 0, 0.7), uni(rng, 0, 0.8), uni(rng, 0.2, 0.6), uni(rng, 0.08, 0.3)]
             for _ in range(int(rng.choice(3, p=[0.4, 0.4, 0.2])))]
    return {"period": uni(rng, 2.2, 4.5, 1), "angle": uni(rng, 0, 90, 0), "ink": uni(rng, 0.55, 1.0),
            "boxes": boxes, "tint": uni(rng, 0.1, 0.3) if boxes else 0.0,
            "rescan": uni(rng, 0.55, 0.95) if chance(rng, 0.7) else 1.0}


def apply_halftone(page, p, rng):
    img = page.img
    h, w = img.shape[:2]
    x, y = grid(h, w)
    tint = np.zeros((h, w), np.float32)
    for bx, by, bw, bh in p["boxes"]:
        tint[int(by * h):int(min(1, by + bh) * h), int(bx * w):int(min(1, bx + bw) * w)] = p["tint"]
    channels = [img] if img.ndim == 2 else [img[:, :, c] for c in range(3)]
    out = []
    for c, channel in enumerate(channels):
        darkness = tint + (1 - channel / 255.0) * (p["ink"] - tint)
        a = math.radians(p["angle"] + 30 * c)
        k = 2 * math.pi / p["period"]
        u = (x * math.cos(a) + y * math.sin(a)) * k
        v = (-x * math.sin(a) + y * math.cos(a)) * k
        screen = 0.5 + 0.25 * (np.cos(u) + np.cos(v))
        # A dot prints where the tone exceeds the screen; the soft edge is the ink's spread.
        printed = smoothstep((darkness - screen) / 0.12 + 0.5)
        out.append(255.0 * (1 - printed))
    img = out[0] if img.ndim == 2 else np.dstack(out)
    if p["rescan"] < 1:
        # A linear downscale samples the screen without averaging it: that is where moiré comes from.
        img = resize_to(scale_by(img, p["rescan"], cv2.INTER_LINEAR), (w, h), cv2.INTER_LINEAR)
    page.img = img.astype(np.float32)


def draw_bleed(rng):
    return {"opacity": uni(rng, 0.08, 0.5), "blur": uni(rng, 0.5, 3, 1),
            "dx": uni(rng, -0.06, 0.06, 3), "dy": uni(rng, -0.06, 0.06, 3)}


def apply_bleed(page, p, rng):
    h, w = page.img.shape[:2]
    back = cv2.flip(page.original, 1)
    shift = np.float32([[1, 0, p["dx"] * w], [0, 1, p["dy"] * h]])
    back = cv2.warpAffine(back, shift, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT,
                          borderValue=255)
    back = cv2.GaussianBlur(back, (0, 0), p["blur"])
    through = 1 - p["opacity"] * (1 - back / 255.0)
    page.img = page.img * per_pixel(through, page.img)


def draw_copier(rng):
    return {"haze": uni(rng, 0, 0.35), "gamma": uni(rng, 1.0, 2.5), "spread": pick(rng, [0, 1, 2], [0.5, 0.3, 0.2]),
            "band_period": int(rng.integers(15, 151)), "band_depth": uni(rng, 0, 0.25),
            "streaks": int(rng.integers(0, 11)), "grain": uni(rng, 2, 10, 1)}


def apply_copier(page, p, rng):
    img = page.img
    h, w = img.shape[:2]
    if p["spread"]:
        # Toner spreads: the darkest of the neighbours within `spread` px; 2 px closes counters.
        size = 2 * p["spread"] + 1
        img = cv2.erode(img, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    img = 255.0 * (np.clip(img, 0, 255) / 255.0) ** p["gamma"]
    # Toner on the white: a grey haze, mottled, with bands across the feed direction.
    grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 0.8) * p["grain"] * 2
    rows = np.arange(h, dtype=np.float32)
    band = 0.5 + 0.3 * np.sin(2 * np.pi * rows / p["band_period"] + rng.uniform(0, 2 * np.pi)) \
        + 0.2 * smooth_1d(h, rng, max(2, h // p["band_period"] * 2))
    toner = p["haze"] + p["band_depth"] * np.clip(band, 0, 1)[:, None]
    img = img * per_pixel(1 - toner, img) - per_pixel(grain * (0.3 + toner), img)
    for _ in range(p["streaks"]):
        x0 = rng.uniform(0, w)
        width = rng.uniform(1, 5)
        strength = rng.uniform(0.2, 0.9)
        along = np.clip(0.75 + 0.25 * smooth_1d(h, rng, 6), 0, 1)
        lo, hi = int(max(0, x0 - 3 * width)), int(min(w, x0 + 3 * width + 1))
        if hi <= lo:
            continue
        cols = np.arange(lo, hi, dtype=np.float32)
        profile = strength * along[:, None] * np.exp(-((cols - x0) / (width / 2)) ** 2)[None, :]
        profile = per_pixel(profile.astype(np.float32), img)
        if chance(rng, 0.25):   # a light streak: toner missing along the drum
            img[:, lo:hi] = img[:, lo:hi] + (255 - img[:, lo:hi]) * profile
        else:
            img[:, lo:hi] = img[:, lo:hi] * (1 - profile)
    page.img = img


def draw_specks(rng):
    return {"count": int(round(logu(rng, 3, 5000))), "max_size": int(rng.integers(1, 7)),
            "tone": pick(rng, ["dark", "light", "both"], [0.55, 0.15, 0.30]),
            "dark": int(rng.integers(0, 91)), "light": int(rng.integers(200, 256)),
            "clustered": uni(rng, 0.3, 1.0) if chance(rng, 0.6) else 0.0,
            "clusters": int(rng.integers(1, 9)), "spread": uni(rng, 0.01, 0.08, 3)}


def apply_specks(page, p, rng):
    img = page.img
    h, w = img.shape[:2]
    n = p["count"]
    clustered = int(round(n * p["clustered"]))
    centres = rng.uniform(0, 1, (p["clusters"], 2)) * [w, h]
    near = centres[rng.integers(0, p["clusters"], clustered)] + rng.normal(0, p["spread"] * max(h, w), (clustered, 2))
    anywhere = rng.uniform(0, 1, (n - clustered, 2)) * [w, h]
    points = np.concatenate([near, anywhere])
    weights = 1 / np.arange(1, p["max_size"] + 1)
    sizes = 1 + rng.choice(p["max_size"], n, p=weights / weights.sum())
    light = {"dark": np.zeros(n, bool), "light": np.ones(n, bool), "both": rng.random(n) < 0.35}[p["tone"]]
    maps = {False: np.zeros((h, w), np.uint8), True: np.zeros((h, w), np.uint8)}
    for (x, y), size, is_light in zip(points, sizes, light):
        # Irregular toner grains: ellipses of 8ths of a pixel, anti-aliased, of uneven density.
        a = max(1, int(round(size * rng.uniform(0.35, 0.6) * 8)))
        b = max(1, int(round(size * rng.uniform(0.35, 0.6) * 8)))
        cv2.ellipse(maps[bool(is_light)], (int(x * 8), int(y * 8)), (a, b), float(rng.uniform(0, 180)), 0, 360,
                    int(rng.integers(150, 256)), -1, cv2.LINE_AA, 3)
    for is_light, level in ((False, p["dark"]), (True, p["light"])):
        m = per_pixel(maps[is_light].astype(np.float32) / 255.0, img)
        img = img * (1 - m) + level * m
    page.img = img


TINTS = {"yellowed": (185, 225, 245), "manila": (150, 200, 232), "pink": (215, 200, 248),
         "blue": (248, 222, 200), "green": (205, 242, 212), "greybrown": (180, 195, 208)}


def draw_stain(rng):
    mode = pick(rng, ["coffee", "tint", "both"], [0.45, 0.30, 0.25])
    p = {"mode": mode}
    if mode != "tint":
        p["rings"] = [{"x": uni(rng, -0.1, 1.1), "y": uni(rng, -0.1, 1.1), "radius": uni(rng, 0.05, 0.25, 3),
                       "strength": uni(rng, 0.15, 0.6), "rim": uni(rng, 0.02, 0.08, 3), "fill": uni(rng, 0.1, 0.5),
                       "arc": uni(rng, 0.5, 1.0), "droplets": int(rng.integers(0, 11))}
                      for _ in range(1 + int(rng.choice(3, p=[0.6, 0.3, 0.1])))]
    if mode != "coffee":
        p["tint"] = pick(rng, sorted(TINTS))
        p["tint_strength"] = uni(rng, 0.2, 1.0)
        p["uneven"] = uni(rng, 0, 0.5)
    return p


COFFEE = np.float32([1.0, 0.72, 0.42]) if np else None  # coffee absorbs blue most, red least (BGR)


def apply_stain(page, p, rng):
    img = colour(page.img)
    h, w = img.shape[:2]
    if "tint" in p:
        absorb = 1 - np.float32(TINTS[p["tint"]]) / 255.0
        field = 1 + p["uneven"] * smooth_field(img.shape, rng, 4)
        img = img * (1 - p["tint_strength"] * field[:, :, None] * absorb)
    for ring in p.get("rings", []):
        cx, cy, radius = ring["x"] * w, ring["y"] * h, ring["radius"] * w
        blots = [(cx, cy, radius, ring["strength"], ring["rim"], ring["fill"], ring["arc"], 0.03)]
        for _ in range(ring["droplets"]):
            r = rng.uniform(0.02, 0.08) * radius
            ang, dist = rng.uniform(0, 2 * np.pi), rng.uniform(1.05, 2.0) * radius
            blots.append((cx + dist * np.cos(ang), cy + dist * np.sin(ang), r, ring["strength"] * rng.uniform(0.4, 1),
                          0.3, 0.6, 1.0, 0.01))
        for bx, by, r, strength, rim, fill, arc, wavy in blots:
            reach = r * 1.3 + 4
            x0, x1 = int(max(0, bx - reach)), int(min(w, bx + reach + 1))
            y0, y1 = int(max(0, by - reach)), int(min(h, by + reach + 1))
            if x1 <= x0 or y1 <= y0:
                continue
            x, y = grid(y1 - y0, x1 - x0)
            dx, dy = x + x0 - bx, y + y0 - by
            theta = np.arctan2(dy, dx)
            wobble = sum(rng.uniform(0, wavy) * np.cos(k * theta + rng.uniform(0, 2 * np.pi)) for k in range(2, 7))
            rn = np.hypot(dx, dy) / (r * (1 + wobble))
            # Coffee dries with a sharp dark outer rim and a soft pale inside.
            edge = np.where(rn > 1, np.exp(-((rn - 1) / (rim * 0.25)) ** 2), np.exp(-((1 - rn) / rim) ** 2))
            start = rng.uniform(0, 2 * np.pi)
            gap = np.abs(np.angle(np.exp(1j * (theta - start)))) / np.pi   # 0 to 1 round the ring
            edge = edge * np.clip(0.15 + (arc - gap) / 0.1, 0.15, 1)
            inside = fill * smoothstep((1 - rn) / 0.05) * (0.75 + 0.25 * smooth_field(rn.shape, rng, 3))
            alpha = np.clip(strength * (edge + inside), 0, 0.95).astype(np.float32)
            img[y0:y1, x0:x1] = img[y0:y1, x0:x1] * (1 - alpha[:, :, None] * COFFEE)
    page.img = img


def draw_crease(rng):
    creases = []
    for _ in range(1 + int(rng.choice(3, p=[0.55, 0.3, 0.15]))):
        axis = chance(rng, 0.7)
        creases.append({"angle": (pick(rng, [0, 90]) + uni(rng, -4, 4, 1)) if axis else uni(rng, 0, 180, 0),
                        "at": uni(rng, 0.15, 0.85), "dark": uni(rng, 0.15, 0.6), "width": uni(rng, 0.8, 3, 1),
                        "shade": uni(rng, 0.05, 0.35), "band": uni(rng, 0.005, 0.06, 3), "highlight": uni(rng, 0, 0.15),
                        "offset": uni(rng, 0, 2.5, 1), "wobble": uni(rng, 0, 3, 1)})
    return {"creases": creases}


def apply_crease(page, p, rng):
    img = page.img
    h, w = img.shape[:2]
    x, y = grid(h, w)
    for c in p["creases"]:
        a = math.radians(c["angle"])
        tx, ty = math.cos(a), math.sin(a)          # along the crease
        nx, ny = -ty, tx                           # across it
        # The crease passes through the point at `at` of the page on the line across it.
        px, py = w / 2 + (c["at"] - 0.5) * w * nx, h / 2 + (c["at"] - 0.5) * h * ny
        along = (x - px) * tx + (y - py) * ty
        span = math.hypot(w, h)
        t = np.clip((along + span / 2) / span, 0, 1)
        knots = np.linspace(0, 1, 10)
        wob = np.interp(t, knots, rng.uniform(-1, 1, 10)).astype(np.float32) * c["wobble"]
        strength = np.interp(t, knots, rng.uniform(0.4, 1, 10)).astype(np.float32)
        d = (x - px) * nx + (y - py) * ny + wob
        if c["offset"] > 0:
            # The paper on one side lies a little further over: what crosses the fold is offset.
            shift = c["offset"] * smoothstep(d / 3 + 0.5)
            img = cv2.remap(img, x - shift * nx, y - shift * ny, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        band = max(2.0, c["band"] * min(h, w))
        line = c["dark"] * strength * np.exp(-(d / c["width"]) ** 2)
        shade = c["shade"] * np.exp(-np.maximum(d, 0) / band) * (d > 0)
        light = c["highlight"] * np.exp(np.minimum(d, 0) / (band * 0.6)) * (d <= 0)
        factor = per_pixel((1 - line) * (1 - shade), img)
        img = img * factor
        img = img + (255 - img) * per_pixel(light, img)
    page.img = img


# ---------------------------------------------------------------- placement

def draw_turn(rng):
    return {"angle": pick(rng, [90, 180, 270])}


def apply_turn(page, p, rng):
    page.img = np.ascontiguousarray(np.rot90(page.img, p["angle"] // 90))
    page.original = np.ascontiguousarray(np.rot90(page.original, p["angle"] // 90))
    if page.mask is not None:
        page.mask = np.ascontiguousarray(np.rot90(page.mask, p["angle"] // 90))


def draw_borders(rng):
    n = int(rng.integers(1, 5))
    edges = sorted(rng.choice(["top", "bottom", "left", "right"], n, replace=False).tolist())
    return {"edges": {e: {"width": uni(rng, 0.01, 0.15, 3), "slant": uni(rng, -3, 3, 1) if chance(rng, 0.6) else 0.0}
                      for e in edges},
            "bed": int(rng.integers(0, 101)), "texture": int(rng.integers(0, 16))}


def apply_borders(page, p, rng):
    """The page lies short of the scanned area: the open lid's dark bed shows beyond its edges.
    The canvas grows on those edges (the page's margin continues as paper up to the slanted edge of
    the paper), so no text is covered."""
    img, mask = page.img, page.coverage()
    h, w = img.shape[:2]
    lines, pad = {}, {"top": 0, "bottom": 0, "left": 0, "right": 0}
    for edge, e in p["edges"].items():
        across, length = (h, w) if edge in ("top", "bottom") else (w, h)
        depth = e["width"] * across
        delta = math.tan(math.radians(e["slant"])) * length
        d1, d2 = max(1.0, depth - delta / 2), max(1.0, depth + delta / 2)
        lines[edge] = (d1, d2)
        pad[edge] = int(math.ceil(max(d1, d2))) + 2
    paper = paper_colour(img)
    value = tuple(float(v) for v in np.atleast_1d(paper)) + (0.0,) * 3
    img = cv2.copyMakeBorder(img, pad["top"], pad["bottom"], pad["left"], pad["right"], cv2.BORDER_CONSTANT,
                             value=value[:4])
    mask = cv2.copyMakeBorder(mask, pad["top"], pad["bottom"], pad["left"], pad["right"], cv2.BORDER_CONSTANT,
                              value=1.0)
    H, W = img.shape[:2]
    for edge, (d1, d2) in lines.items():
        # Depth of the bed from the canvas edge, along the edge; 0.5 px of anti-aliasing.
        if edge in ("top", "bottom"):
            depth = np.linspace(d1, d2, W, dtype=np.float32)[None, :]
            rows = np.arange(pad[edge], dtype=np.float32)[:, None] + 0.5
            cover = np.clip(rows - depth + 0.5, 0, 1)
            if edge == "top":
                mask[:pad[edge]] *= cover
            else:
                mask[H - pad[edge]:] *= cover[::-1]
        else:
            depth = np.linspace(d1, d2, H, dtype=np.float32)[:, None]
            cols = np.arange(pad[edge], dtype=np.float32)[None, :] + 0.5
            cover = np.clip(cols - depth + 0.5, 0, 1)
            if edge == "left":
                mask[:, :pad[edge]] *= cover
            else:
                mask[:, W - pad[edge]:] *= cover[:, ::-1]
    page.img, page.mask = img, mask


def rotate_canvas(img, angle, interpolation, border, value=0):
    h, w = img.shape[:2]
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    cos, sin = abs(m[0, 0]), abs(m[0, 1])
    nw, nh = int(math.ceil(w * cos + h * sin)), int(math.ceil(w * sin + h * cos))
    m[0, 2] += nw / 2 - w / 2
    m[1, 2] += nh / 2 - h / 2
    return cv2.warpAffine(img, m, (nw, nh), flags=interpolation, borderMode=border, borderValue=value)


def draw_tilt(rng):
    return {"angle": uni(rng, 0.5, 8) * pick(rng, [-1, 1]), "lid": int(rng.integers(195, 251))}


def apply_tilt(page, p, rng):
    mask = page.coverage()
    page.img = rotate_canvas(page.img, p["angle"], cv2.INTER_CUBIC, cv2.BORDER_REPLICATE)
    page.mask = rotate_canvas(mask, p["angle"], cv2.INTER_LINEAR, cv2.BORDER_CONSTANT, 0)


def draw_perspective(rng):
    return {"fill": uni(rng, 0.6, 0.9), "keystone": uni(rng, 0, 0.2), "side": pick(rng, ["top", "bottom", "left", "right"]),
            "jitter": uni(rng, 0.005, 0.05, 3), "roll": uni(rng, -8, 8, 1),
            "table": pick(rng, ["wood", "grey", "dark"]), "shadow": uni(rng, 0.15, 0.5)}


def apply_perspective(page, p, rng):
    img, mask = page.img, page.coverage()
    h, w = img.shape[:2]
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    quad = src - [w / 2, h / 2]
    k = p["keystone"]
    # The far side of the page is smaller and a little nearer the middle (foreshortened).
    far = {"top": ([0, 1], 0, 1), "bottom": ([2, 3], 0, 1), "left": ([0, 3], 1, 0), "right": ([1, 2], 1, 0)}[p["side"]]
    corners, along, towards = far
    for i in corners:
        quad[i, along] *= 1 - k
        quad[i, towards] *= 1 - k / 2
    a = math.radians(p["roll"])
    quad = quad @ np.float32([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    quad += rng.normal(0, p["jitter"] * max(h, w), quad.shape).astype(np.float32)
    lo, hi = quad.min(axis=0), quad.max(axis=0)
    frame = (hi - lo) / p["fill"]
    scale = min(1.0, math.sqrt(MAX_PIXELS / float(frame[0] * frame[1])))
    frame_w, frame_h = int(frame[0] * scale), int(frame[1] * scale)
    centre = np.float32([frame_w, frame_h]) / 2 + rng.uniform(-0.25, 0.25, 2) * (frame - (hi - lo)) * scale
    dst = ((quad - (lo + hi) / 2) * scale + centre).astype(np.float32)
    area = abs(cv2.contourArea(dst)) / (w * h)
    if area < 0.8:
        # Shrinking in the warp would alias the text: smooth it as the lens and sensor would.
        img = cv2.GaussianBlur(img, (0, 0), 0.5 * math.sqrt(1 / area - 1))
    page.notes["perspective_scale"] = round(scale, 4)
    matrix = cv2.getPerspectiveTransform(src, dst)
    page.img = cv2.warpPerspective(img, matrix, (frame_w, frame_h), flags=cv2.INTER_LINEAR,
                                   borderMode=cv2.BORDER_REPLICATE)
    page.mask = cv2.warpPerspective(mask, matrix, (frame_w, frame_h), flags=cv2.INTER_LINEAR,
                                    borderMode=cv2.BORDER_CONSTANT, borderValue=0)


def surround(page, recipe, rng):
    """Put what lies around a placed page behind it: the table of a photo, the dark bed of a
    scanner with its lid open, or the scanner's lid, each with the shadow the page casts."""
    if page.mask is None:
        return
    mask = page.mask
    h, w = mask.shape
    if "perspective" in recipe:
        p = recipe["perspective"]
        page.img = colour(page.img)
        if p["table"] == "wood":
            base = np.float32([rng.uniform(55, 85), rng.uniform(80, 110), rng.uniform(100, 140)])
            # Grain: growth lines along the boards (across or along the frame), bent by a smooth
            # field, and boards of slightly different tone.
            x, y = grid(h, w)
            u, v = (y, x) if chance(rng, 0.5) else (x, y)
            board = max(h, w) * rng.uniform(0.12, 0.25)
            boards = np.floor(u / board)
            tone = np.float32(rng.uniform(-0.08, 0.08, int(max(h, w) / board) + 2))[boards.astype(int)]
            bend = smooth_field(mask.shape, rng, 4) * rng.uniform(8, 25) + np.sin(v / board * 3 + boards) * 4
            lines = np.sin(2 * np.pi * (u + bend) / rng.uniform(5, 14))
            texture = 1 + tone + 0.06 * lines * (0.5 + 0.5 * smooth_field(mask.shape, rng, 6)) \
                + 0.05 * smooth_field(mask.shape, rng, 3)
        else:
            level = rng.uniform(95, 185) if p["table"] == "grey" else rng.uniform(15, 55)
            base = np.float32(level + rng.uniform(-8, 8, 3))
            texture = 1 + 0.06 * smooth_field(mask.shape, rng, 4) + \
                cv2.GaussianBlur(rng.normal(0, 0.03, (h, w)).astype(np.float32), (0, 0), 1.0)
        back = texture[:, :, None] * base
        offset = np.float32([[1, 0, rng.uniform(0.005, 0.02) * w], [0, 1, rng.uniform(0.005, 0.02) * h]])
        cast = cv2.warpAffine(mask, offset, (w, h), borderValue=0)
        cast = cv2.GaussianBlur(cast, (0, 0), rng.uniform(0.01, 0.03) * max(h, w))
        back = back * (1 - p["shadow"] * cast)[:, :, None]
    elif "borders" in recipe:
        p = recipe["borders"]
        back = p["bed"] + p["texture"] * smooth_field(mask.shape, rng, 5) + \
            cv2.GaussianBlur(rng.normal(0, 2, (h, w)).astype(np.float32), (0, 0), 1.0)
        back = per_pixel(np.clip(back, 0, 255), page.img)
    else:
        p = recipe["tilt"]
        back = p["lid"] + 4 * smooth_field(mask.shape, rng, 3)
        # The page's edge throws a thin shadow on the lid.
        halo = np.clip(cv2.GaussianBlur(mask, (0, 0), 2.0) - mask, 0, 1)
        back = per_pixel(back * (1 - 0.9 * halo), page.img)
    page.img = page.img * per_pixel(mask, page.img) + back * per_pixel(1 - mask, page.img)
    page.mask = None


# ---------------------------------------------------------------- light and optics

def draw_light(rng):
    mode = pick(rng, ["linear", "hotspot", "cast"])
    p = {"mode": mode, "strength": uni(rng, 0.1, 0.8)}
    if mode == "linear":
        p["direction"] = int(rng.integers(0, 360))
    elif mode == "hotspot":
        p.update(x=uni(rng, -0.2, 1.2), y=uni(rng, -0.2, 1.2), radius=uni(rng, 0.3, 1.0),
                 glare=uni(rng, 0, 0.35) if chance(rng, 0.5) else 0.0)
    else:
        p.update(direction=int(rng.integers(0, 360)), offset=uni(rng, -0.35, 0.35), penumbra=uni(rng, 0.01, 0.15, 3))
    return p


def apply_light(page, p, rng):
    img = page.img
    h, w = img.shape[:2]
    x, y = grid(h, w)
    diag = math.hypot(w, h)
    glare = None
    if p["mode"] == "linear":
        a = math.radians(p["direction"])
        ramp = (x - w / 2) * math.cos(a) + (y - h / 2) * math.sin(a)
        ramp = (ramp - ramp.min()) / max(1e-6, float(ramp.max() - ramp.min()))
        field = 1 - p["strength"] * ramp
    elif p["mode"] == "hotspot":
        r = np.hypot(x - p["x"] * w, y - p["y"] * h) / (p["radius"] * diag)
        fall = 1 - np.exp(-r * r)
        field = 1 - p["strength"] * fall / max(1e-6, float(fall.max()))
        if p["glare"] > 0:
            glare = p["glare"] * np.exp(-(r / 0.35) ** 2)
    else:
        a = math.radians(p["direction"])
        d = ((x - w / 2) * math.cos(a) + (y - h / 2) * math.sin(a)) / diag - p["offset"]
        field = 1 - p["strength"] * smoothstep(d / p["penumbra"] + 0.5)
    img = img * per_pixel(field.astype(np.float32), img)
    if glare is not None:
        g = per_pixel(glare.astype(np.float32), img)
        img = img * (1 - g) + 255 * g
    page.img = img


def draw_blur(rng):
    mode = pick(rng, ["gaussian", "motion", "defocus"])
    if mode == "gaussian":
        return {"mode": mode, "sigma": uni(rng, 0.5, 3)}
    if mode == "motion":
        return {"mode": mode, "length": uni(rng, 2, 14, 1), "angle": int(rng.integers(0, 180))}
    return {"mode": mode, "radius": uni(rng, 1, 4)}


def apply_blur(page, p, rng):
    if p["mode"] == "gaussian":
        page.img = cv2.GaussianBlur(page.img, (0, 0), p["sigma"], borderType=cv2.BORDER_REPLICATE)
        return
    size = int(math.ceil(p.get("length", 0) or 2 * p.get("radius", 0))) + 3
    size += 1 - size % 2
    kernel = np.zeros((size * 8, size * 8), np.uint8)
    c = size * 4
    if p["mode"] == "motion":
        a = math.radians(p["angle"])
        dx, dy = p["length"] / 2 * math.cos(a) * 8, p["length"] / 2 * math.sin(a) * 8
        cv2.line(kernel, (int(c - dx), int(c - dy)), (int(c + dx), int(c + dy)), 255, 8, cv2.LINE_AA)
    else:
        cv2.circle(kernel, (c, c), int(p["radius"] * 8), 255, -1, cv2.LINE_AA)
    kernel = cv2.resize(kernel.astype(np.float32), (size, size), interpolation=cv2.INTER_AREA)
    page.img = cv2.filter2D(page.img, -1, kernel / kernel.sum(), borderType=cv2.BORDER_REPLICATE)


# ---------------------------------------------------------------- sensor

def draw_resolution(rng):
    return {"scale": uni(rng, 0.4, 1.0), "down": pick(rng, ["area", "linear"], [0.7, 0.3]),
            "up": pick(rng, ["none", "nearest", "cubic"])}


def apply_resolution_down(page, p, rng):
    h, w = page.img.shape[:2]
    page.size_before = (w, h)
    page.img = scale_by(page.img, p["scale"], cv2.INTER_AREA if p["down"] == "area" else cv2.INTER_LINEAR)


def apply_resolution_up(page, p, rng):
    if p["up"] != "none":
        page.img = resize_to(page.img, page.size_before, cv2.INTER_NEAREST if p["up"] == "nearest" else cv2.INTER_CUBIC)


def draw_noise(rng):
    mode = pick(rng, ["gaussian", "saltpepper", "both"], [0.5, 0.25, 0.25])
    p = {"mode": mode}
    if mode != "saltpepper":
        p["sigma"] = logu(rng, 2, 40, 3)
    if mode != "gaussian":
        p["fraction"] = logu(rng, 0.001, 0.05, 3)
    return p


def apply_noise(page, p, rng):
    img = page.img
    if "sigma" in p:
        img = img + rng.normal(0, p["sigma"], img.shape).astype(np.float32)
    if "fraction" in p:
        h, w = img.shape[:2]
        hit = rng.random((h, w)) < p["fraction"]
        salt = rng.random((h, w)) < 0.5
        img = img.copy()
        img[hit & salt] = 255
        img[hit & ~salt] = 0
    page.img = img


def draw_binarize(rng):
    return {"low": int(rng.integers(10, 111)), "high": int(rng.integers(140, 251)), "cells": int(rng.integers(2, 6)),
            "blur": uni(rng, 0.4, 1.2), "noise": uni(rng, 2, 20, 1)}


def apply_binarize(page, p, rng):
    g = cv2.GaussianBlur(grey(page.img), (0, 0), p["blur"])
    g = g + rng.normal(0, p["noise"], g.shape).astype(np.float32)
    threshold = p["low"] + (p["high"] - p["low"]) * (smooth_field(g.shape, rng, p["cells"]) + 1) / 2
    page.img = np.where(g < threshold, 0, 255).astype(np.float32)


BAYER = np.array([[0, 32, 8, 40, 2, 34, 10, 42], [48, 16, 56, 24, 50, 18, 58, 26],
                  [12, 44, 4, 36, 14, 46, 6, 38], [60, 28, 52, 20, 62, 30, 54, 22],
                  [3, 35, 11, 43, 1, 33, 9, 41], [51, 19, 59, 27, 49, 17, 57, 25],
                  [15, 47, 7, 39, 13, 45, 5, 37], [63, 31, 55, 23, 61, 29, 53, 21]], np.float32) if np else None


def draw_fax(rng):
    p = {"mode": pick(rng, ["standard", "fine"]), "width": uni(rng, 0.5, 1.0),
         "render": pick(rng, ["threshold", "dither"], [0.6, 0.4]), "lost": uni(rng, 0, 0.03, 3),
         "streaks": int(rng.integers(0, 4))}
    if p["render"] == "threshold":
        p["threshold"] = int(rng.integers(100, 191))
    return p


def apply_fax(page, p, rng):
    g = grey(page.img)
    h, w = g.shape
    sw = max(8, round(w * p["width"]))
    sh = max(8, round(h * p["width"] / (2 if p["mode"] == "standard" else 1)))
    small = resize_to(g, (sw, sh), cv2.INTER_AREA)
    # The machine's automatic exposure takes light paper (the 90th percentile) as white.
    white = float(np.percentile(small, 90))
    if white > 128:
        small = small * (255.0 / white)
    if p["render"] == "threshold":
        threshold = p["threshold"]
    else:
        threshold = np.tile((BAYER + 0.5) / 64 * 255, (sh // 8 + 1, sw // 8 + 1))[:sh, :sw]
    bits = np.where(small < threshold, 0, 255).astype(np.uint8)
    # Line noise: runs of scan lines lost, printed white, repeated or slipped sideways.
    lost = int(round(p["lost"] * sh))
    while lost > 0:
        run = min(lost, int(rng.integers(1, 7)))
        y0 = int(rng.integers(1, max(2, sh - run)))
        how = pick(rng, ["white", "repeat", "shift"])
        for y in range(y0, min(sh, y0 + run)):
            if how == "white":
                bits[y] = 255
            elif how == "repeat":
                bits[y] = bits[y0 - 1]
            else:
                bits[y] = np.roll(bits[y], int(rng.integers(-20, 21)))
        lost -= run
    for _ in range(p["streaks"]):
        bits[:, int(rng.integers(0, sw))] = 0   # a dirty element of the fax's scanning bar
    page.img = resize_to(bits, (w, h), cv2.INTER_NEAREST).astype(np.float32)


def draw_jpeg(rng):
    return {"quality": int(rng.integers(10, 91))}


def apply_nothing(page, p, rng):
    pass   # JPEG is the file format, chosen when the page is written


DRAW = {"invert": draw_invert, "fade": draw_fade, "halftone": draw_halftone, "bleed": draw_bleed,
        "copier": draw_copier, "specks": draw_specks, "stain": draw_stain, "crease": draw_crease,
        "turn": draw_turn, "borders": draw_borders, "tilt": draw_tilt, "perspective": draw_perspective,
        "light": draw_light, "blur": draw_blur, "resolution": draw_resolution, "noise": draw_noise,
        "binarize": draw_binarize, "fax": draw_fax, "jpeg": draw_jpeg}
# The steps in the order they are applied; resolution shrinks before the sensor's noise and any
# binarisation, and is scaled back up (by software) after them.
STEPS = [("invert", apply_invert), ("fade", apply_fade), ("halftone", apply_halftone), ("bleed", apply_bleed),
         ("copier", apply_copier), ("specks", apply_specks), ("stain", apply_stain), ("crease", apply_crease),
         ("turn", apply_turn), ("borders", apply_borders), ("tilt", apply_tilt), ("perspective", apply_perspective),
         ("light", apply_light), ("blur", apply_blur),
         ("resolution", apply_resolution_down), ("noise", apply_noise), ("binarize", apply_binarize),
         ("fax", apply_fax), ("resolution", apply_resolution_up), ("jpeg", apply_nothing)]
assert sorted(DRAW) == sorted(ORDER) and [k for k, _ in STEPS if k != "resolution"] == [k for k in ORDER if k != "resolution"]


def draw_recipe(rng, allowed):
    """The kinds (in the order they are applied) and their parameters, from one generator."""
    count = 1 + int(rng.choice(3, p=KIND_COUNTS))
    chosen = []
    for _ in range(count):
        options = [k for k in allowed if k not in chosen
                   and not any({k, c} <= pair for pair in EXCLUSIVE for c in chosen)]
        if not options:
            break
        chosen.append(options[int(rng.integers(len(options)))])
    chosen.sort(key=ORDER.index)
    return {k: DRAW[k](rng) for k in chosen}


def degrade(clean, name, seed, recipe):
    """The degraded page (uint8) and its parameters beyond the recipe."""
    page = Page(clean.copy())
    placed = False
    for kind, apply in STEPS:
        if kind in ("light", "blur", "resolution", "noise", "binarize", "fax", "jpeg") and not placed:
            surround(page, recipe, np.random.default_rng(stable_hash(f"{name}|{seed}|surround")))
            placed = True
        if kind in recipe:
            apply(page, recipe[kind], np.random.default_rng(stable_hash(f"{name}|{seed}|{kind}")))
    img = page.img
    extra = dict(page.notes)
    h, w = img.shape[:2]
    if w * h > MAX_PIXELS:
        fit = math.sqrt(MAX_PIXELS / (w * h))
        img = scale_by(img, fit)
        extra["fit"] = round(fit, 4)
    return np.clip(np.rint(img), 0, 255).astype(np.uint8), extra


# ---------------------------------------------------------------- the set

def find_sources(args):
    found = []
    for arg in args:
        if os.path.isdir(arg):
            paths = [os.path.join(arg, f) for f in sorted(os.listdir(arg))]
        elif os.path.isfile(arg):
            paths = [arg]
        else:
            sys.exit(f"devset.py: no such file or folder: {arg}")
        for path in paths:
            base, ext = os.path.splitext(path)
            if ext.lower() in IMAGE_EXTS and os.path.isfile(base + ".txt") and os.path.isfile(path):
                found.append(os.path.normpath(path))
            elif os.path.isfile(arg) and path == arg:
                sys.exit(f"devset.py: {arg} is not an image with a truth {base}.txt beside it")
    seen, unique = set(), []
    for path in found:
        if os.path.realpath(path) not in seen:
            seen.add(os.path.realpath(path))
            unique.append(path)
    stems = [stem(p) for p in unique]
    names = []
    for path, key in zip(unique, stems):
        if stems.count(key) > 1:
            key = os.path.basename(os.path.dirname(os.path.abspath(path))) + "-" + key
        names.append(key)
    if len(set(names)) != len(names):
        sys.exit("devset.py: two sources have the same name and folder name: " +
                 ", ".join(sorted(n for n in set(names) if names.count(n) > 1)))
    return sorted(zip(names, unique))


def warn_shared_texts(sources):
    """The split keeps a source's text on one side; one text under two names could be on both."""
    sides = {}
    for _, path in sources:
        with open(os.path.splitext(path)[0] + ".txt", encoding="utf-8", errors="replace") as f:
            text = " ".join(f.read().split())
        if text:
            sides.setdefault(text, []).append(path)
    for paths in sides.values():
        if len({is_tuning_source(stem(p)) for p in paths}) > 1:
            print("devset.py: warning: one truth text, tuning and test sources: " + ", ".join(paths) +
                  " (give them one name)", file=sys.stderr)


def remove_earlier(out, splits=SPLITS + ("clean",) + REAL_SPLITS):
    """Delete the files an earlier run listed in its manifest under `splits`, and nothing else;
    return the manifest's other lines (the manifest itself is deleted)."""
    manifest = os.path.join(out, "manifest.tsv")
    if not os.path.isfile(manifest):
        return []
    with open(manifest, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f][1:]
    kept = []
    for line in lines:
        row = line.split("\t")
        if len(row) >= 2 and row[0] in splits and "/" not in row[1] and row[1] not in ("", ".", ".."):
            image = os.path.join(out, row[0], row[1])
            for path in (image, os.path.splitext(image)[0] + ".txt"):
                if os.path.isfile(path):
                    os.remove(path)
        elif line:
            kept.append(line)
    os.remove(manifest)
    return kept


def real_kind(name):
    """A real page's kind: the first two words of its name, or the first of a name of two words
    or fewer (receipt_thermal_x: receipt-thermal; receipt_x: receipt), as
    devcorpus/photographed/README.md names the kinds."""
    words = [w for w in re.split(r"[^a-z0-9]+", name.lower()) if w]
    return "-".join(words[:2] if len(words) >= 3 else words[:1]) or "other"


def copy_real(folders, out):
    """Copy the real pages of `folders` as they are into real-tune/ and real-test/; return
    them (one page for each truth text, for warn_shared_texts), their manifest lines and counts.
    Pages with one truth text (one receipt scanned twice) are one source: all take the side of
    the first of their names."""
    pages, lines, counts = [], [], {s: 0 for s in REAL_SPLITS}
    for folder in folders:
        if not os.path.isdir(folder):
            print(f"devset.py: no real pages: no folder {folder}", file=sys.stderr)
            continue
        found = find_sources([folder])
        names = {os.path.basename(p) for _, p in found}
        left = sorted(f for f in os.listdir(folder) if f not in names and not f.endswith(".txt")
                      and f.lower() != "readme.md" and not f.startswith("."))
        if left:
            print(f"devset.py: {folder}: left out (not an image with a NAME.txt beside it): " + ", ".join(left),
                  file=sys.stderr)
        pages += found
    for split in REAL_SPLITS:
        os.makedirs(os.path.join(out, split), exist_ok=True)
    first = {}
    for _, path in sorted(pages, key=lambda page: stem(page[1])):
        with open(os.path.splitext(path)[0] + ".txt", encoding="utf-8", errors="replace") as f:
            first.setdefault(" ".join(f.read().split()) or path, path)
    key = {}
    for _, path in pages:
        with open(os.path.splitext(path)[0] + ".txt", encoding="utf-8", errors="replace") as f:
            key[path] = first[" ".join(f.read().split()) or path]
        if key[path] != path:
            print(f"devset.py: {shown(path)} has the truth of {shown(key[path])}: one source, on its side",
                  file=sys.stderr)
    for name, path in sorted(pages):
        split = "real-tune" if is_tuning_source(stem(key[path])) else "real-test"
        file = name + os.path.splitext(path)[1]
        shutil.copyfile(path, os.path.join(out, split, file))
        shutil.copyfile(os.path.splitext(path)[0] + ".txt", os.path.join(out, split, name + ".txt"))
        lines.append(f"{split}\t{file}\t{shown(path)}\t-\treal-{real_kind(stem(path))}\t{{}}")
        counts[split] += 1
        print(f"{split:9} {file:56} as given", flush=True)
    return [(name, path) for name, path in pages if key[path] == path], lines, counts


def real_only(args):
    """Replace the real pages of an existing set (or start one with them alone)."""
    os.makedirs(args.out, exist_ok=True)
    kept = remove_earlier(args.out, REAL_SPLITS)
    header = "split\tfile\tsource\tseed\tkinds\tparameters"
    pages, lines, counts = copy_real(args.real, args.out)
    known = [(r.split("\t")[0], r.split("\t")[2]) for r in kept if r.count("\t") >= 2 and r.startswith("clean\t")]
    warn_shared_texts([(n, p) for n, p in known if os.path.isfile(p) and os.path.isfile(os.path.splitext(p)[0] + ".txt")]
                      + pages)
    with open(os.path.join(args.out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join([header] + kept + lines) + "\n")
    print(f"wrote {args.out}: {sum(counts.values())} real pages ({counts['real-tune']} real-tune, "
          f"{counts['real-test']} real-test); {len(kept)} other pages kept")


def shown(path):
    """The source's path as given, relative to the current directory when it is below it."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def main():
    parser = argparse.ArgumentParser(
        prog="devset.py", description="Degrade clean pages with truth into a tune/test/mixed development set.",
        epilog="The kinds, their parameter ranges and the split rule are in the module docstring.")
    parser.add_argument("sources", nargs="*", metavar="SOURCES")
    parser.add_argument("--out", required=True, metavar="OUTDIR")
    parser.add_argument("--seeds", type=int, default=3, metavar="N")
    parser.add_argument("--kinds", metavar="k1,k2", help="one or more of: " + ",".join(ORDER))
    parser.add_argument("--limit", type=int, metavar="N")
    parser.add_argument("--max-pixels", type=int, default=MAX_PIXELS, metavar="N",
                        help="the pixel budget pages are downscaled to (default 4000000; 12000000 for phone photos)")
    parser.add_argument("--real", action="append", default=[], metavar="FOLDER",
                        help="real pages copied as given into real-tune/ and real-test/; alone, only those replaced")
    args = parser.parse_args()
    if not args.sources:
        if not args.real:
            parser.error("give SOURCES, --real FOLDER, or both")
        return real_only(args)
    if MISSING:
        sys.exit(f"devset.py: {MISSING}: run it with Debian's /usr/bin/python3 (python3-opencv, python3-numpy, python3-pil)")
    globals()["MAX_PIXELS"] = args.max_pixels
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    allowed = ORDER
    if args.kinds:
        wanted = [k.strip() for k in args.kinds.split(",") if k.strip()]
        unknown = [k for k in wanted if k not in ORDER]
        if unknown or not wanted:
            parser.error(f"unknown kind {', '.join(unknown) or '(none given)'}: the kinds are {','.join(ORDER)}")
        allowed = [k for k in ORDER if k in wanted]

    sources = find_sources(args.sources)
    if args.limit is not None:
        sources = sources[:max(0, args.limit)]
    if not sources:
        sys.exit("devset.py: no image with a NAME.txt truth beside it in " + " ".join(args.sources))
    out = args.out
    remove_earlier(out)
    for folder in SPLITS + ("clean",):
        os.makedirs(os.path.join(out, folder), exist_ok=True)

    manifest = ["split\tfile\tsource\tseed\tkinds\tparameters"]
    counts = {s: 0 for s in SPLITS}
    for name, path in sources:
        truth = os.path.splitext(path)[0] + ".txt"
        clean_file = name + os.path.splitext(path)[1]
        shutil.copyfile(path, os.path.join(out, "clean", clean_file))
        shutil.copyfile(truth, os.path.join(out, "clean", name + ".txt"))
        manifest.append(f"clean\t{clean_file}\t{shown(path)}\t-\t-\t{{}}")
        clean = load(path)
        h, w = clean.shape[:2]
        scale = min(1.0, math.sqrt(MAX_PIXELS / (w * h)))
        if scale < 1:
            clean = scale_by(clean, scale)
        for seed in range(args.seeds):
            rng = np.random.default_rng(stable_hash(f"{name}|{seed}"))
            recipe = draw_recipe(rng, allowed)
            image, extra = degrade(clean, name, seed, recipe)
            kinds = list(recipe)
            split = split_of(stem(path), seed, args.seeds)
            ext = ".jpg" if "jpeg" in recipe else ".png"
            file = f"{name}-s{seed}-{'+'.join(kinds)}{ext}"
            target = os.path.join(out, split, file)
            if ext == ".jpg":
                params = [cv2.IMWRITE_JPEG_QUALITY, recipe["jpeg"]["quality"]]
            else:
                params = [cv2.IMWRITE_PNG_COMPRESSION, 6]
                if image.ndim == 2 and ({"binarize", "fax"} & set(recipe)) and np.isin(image, (0, 255)).all():
                    params += [cv2.IMWRITE_PNG_BILEVEL, 1]   # a 1-bit page is stored as one
            if not cv2.imwrite(target, image, params):
                sys.exit(f"devset.py: cannot write {target}")
            shutil.copyfile(truth, os.path.splitext(target)[0] + ".txt")
            oh, ow = image.shape[:2]
            record = dict(recipe, scale=round(scale, 3), size=[ow, oh], **extra)
            text = json.dumps(record, sort_keys=True, separators=(",", ":"))
            manifest.append(f"{split}\t{file}\t{shown(path)}\t{seed}\t{','.join(kinds)}\t{text}")
            counts[split] += 1
            print(f"{split:5} {file:56} {ow:5}x{oh:<5} {text}", flush=True)

    real = []
    if args.real:
        real, lines, real_counts = copy_real(args.real, out)
        manifest += lines
        counts.update(real_counts)
    warn_shared_texts(sources + real)
    with open(os.path.join(out, "manifest.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(manifest) + "\n")
    tuning = sum(1 for _, path in sources if is_tuning_source(stem(path)))
    print(f"wrote {out}: {len(sources)} sources ({tuning} tuning, {len(sources) - tuning} test), "
          f"{args.seeds} seeds ({args.seeds // 2} tuning); " + ", ".join(f"{n} {s}" for s, n in counts.items()))


if __name__ == "__main__":
    main()
