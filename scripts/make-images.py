#!/usr/bin/env python3
"""Regenerate the default image set in images/.

Every image is synthesised from text (public domain or original) rendered with
fonts from Debian packages, then degraded the way a scan or a photo would be.
Next to each image NAME.EXT the script writes NAME.txt, the exact ground-truth
text (one rendered line per line, reading order, runs of alignment spaces
written as a single space), and finally images/README.md describing the set.

All randomness uses fixed seeds, so the output is reproducible.

    /usr/bin/python3 scripts/make-images.py          # from the repository root
    /usr/bin/python3 scripts/make-images.py receipt  # rebuild only the named image(s)

Requirements (Debian packages, for Debian's python3):
    apt-get install -y fonts-liberation fonts-dejavu-core fonts-urw-base35 fonts-noto-core \
        python3-pil python3-numpy
"""

import math
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "images"

DPI = 300
PT = DPI / 72  # pixels per typographic point at 300 DPI

# --------------------------------------------------------------------------
# Fonts (all from Debian packages)
# --------------------------------------------------------------------------

_LIB = "/usr/share/fonts/truetype/liberation/"
_URW = "/usr/share/fonts/opentype/urw-base35/"
_NOTO = "/usr/share/fonts/truetype/noto/"
_DEJAVU = "/usr/share/fonts/truetype/dejavu/"

FONTS = {
    # key: (path, human readable name, Debian package)
    "serif": (_LIB + "LiberationSerif-Regular.ttf", "Liberation Serif", "fonts-liberation"),
    "serif-bold": (_LIB + "LiberationSerif-Bold.ttf", "Liberation Serif Bold", "fonts-liberation"),
    "sans": (_LIB + "LiberationSans-Regular.ttf", "Liberation Sans", "fonts-liberation"),
    "sans-bold": (_LIB + "LiberationSans-Bold.ttf", "Liberation Sans Bold", "fonts-liberation"),
    "narrow-bold": (_LIB + "LiberationSansNarrow-Bold.ttf", "Liberation Sans Narrow Bold", "fonts-liberation"),
    "mono": (_LIB + "LiberationMono-Regular.ttf", "Liberation Mono", "fonts-liberation"),
    "dejavu-mono": (_DEJAVU + "DejaVuSansMono.ttf", "DejaVu Sans Mono", "fonts-dejavu-core"),
    "dejavu-mono-bold": (_DEJAVU + "DejaVuSansMono-Bold.ttf", "DejaVu Sans Mono Bold", "fonts-dejavu-core"),
    "c059": (_URW + "C059-Roman.otf", "C059 (URW Century Schoolbook)", "fonts-urw-base35"),
    "c059-bold": (_URW + "C059-Bold.otf", "C059 Bold", "fonts-urw-base35"),
    "p052": (_URW + "P052-Roman.otf", "P052 (URW Palladio)", "fonts-urw-base35"),
    "p052-bold": (_URW + "P052-Bold.otf", "P052 Bold", "fonts-urw-base35"),
    "nimbus-sans-bold": (_URW + "NimbusSans-Bold.otf", "Nimbus Sans Bold", "fonts-urw-base35"),
    "noto-sans": (_NOTO + "NotoSans-Regular.ttf", "Noto Sans", "fonts-noto-core"),
    "noto-sans-bold": (_NOTO + "NotoSans-Bold.ttf", "Noto Sans Bold", "fonts-noto-core"),
    "noto-serif": (_NOTO + "NotoSerif-Regular.ttf", "Noto Serif", "fonts-noto-core"),
    "noto-serif-bold": (_NOTO + "NotoSerif-Bold.ttf", "Noto Serif Bold", "fonts-noto-core"),
    "dejavu-sans": (_DEJAVU + "DejaVuSans.ttf", "DejaVu Sans", "fonts-dejavu-core"),
    "dejavu-sans-bold": (_DEJAVU + "DejaVuSans-Bold.ttf", "DejaVu Sans Bold", "fonts-dejavu-core"),
}

_font_cache = {}


def font(key, size_px):
    """Load a font at a pixel size. BASIC layout: no ligatures, same glyphs everywhere."""
    size_px = int(round(size_px))
    if (key, size_px) not in _font_cache:
        _font_cache[(key, size_px)] = ImageFont.truetype(
            FONTS[key][0], size_px, layout_engine=ImageFont.Layout.BASIC)
    return _font_cache[(key, size_px)]


def pt(points):
    """Font size in pixels for a size in points at 300 DPI."""
    return points * PT


def check_fonts():
    missing = [(p, pkg) for p, _, pkg in FONTS.values() if not Path(p).exists()]
    if missing:
        pkgs = sorted({pkg for _, pkg in missing})
        sys.exit("missing fonts: %s\ninstall them with: apt-get install -y %s"
                 % (", ".join(p for p, _ in missing), " ".join(pkgs)))


# --------------------------------------------------------------------------
# Text layout
# --------------------------------------------------------------------------

def wrap(text, fnt, width, first_indent=0, indent=0):
    """Greedy word wrap; no hyphenation, so ground truth words stay whole."""
    lines, cur = [], ""
    for word in text.split():
        trial = word if not cur else cur + " " + word
        avail = width - (first_indent if not lines else indent)
        if cur and fnt.getlength(trial) > avail:
            lines.append(cur)
            cur = word
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines


class Flow:
    """Lays out text top to bottom in a column and records each drawn line."""

    def __init__(self, draw, left, top, width, fill=0):
        self.draw, self.left, self.width, self.fill = draw, left, width, fill
        self.y = top  # top of the next line box
        self.lines = []

    def space(self, px):
        self.y += px

    def line(self, text, fnt, align="left", fill=None, leading=1.3, indent=0):
        """One line of text (never wrapped)."""
        fill = self.fill if fill is None else fill
        w = fnt.getlength(text)
        if align == "center":
            x = self.left + (self.width - w) / 2
        elif align == "right":
            x = self.left + self.width - w
        else:
            x = self.left + indent
        baseline = self.y + fnt.size * 0.9
        self.draw.text((x, baseline), text, font=fnt, fill=fill, anchor="ls")
        self.lines.append(" ".join(text.split()))
        self.y += round(fnt.size * leading)

    def para(self, text, fnt, leading=1.3, first_indent=0, indent=0,
             justify=False, align="left", fill=None):
        """A wrapped paragraph, optionally justified (last line ragged)."""
        fill = self.fill if fill is None else fill
        lines = wrap(text, fnt, self.width, first_indent, indent)
        for i, ln in enumerate(lines):
            ind = first_indent if i == 0 else indent
            if justify and i < len(lines) - 1 and " " in ln:
                self._justified(ln, fnt, self.left + ind, self.width - ind, fill)
                self.lines.append(ln)
                self.y += round(fnt.size * leading)
            else:
                self.line(ln, fnt, align=align, fill=fill, leading=leading, indent=ind)
        return lines

    def _justified(self, text, fnt, x, width, fill):
        words = text.split()
        total = sum(fnt.getlength(w) for w in words)
        gap = (width - total) / (len(words) - 1)
        baseline = self.y + fnt.size * 0.9
        for w in words:
            self.draw.text((round(x), baseline), w, font=fnt, fill=fill, anchor="ls")
            x += fnt.getlength(w) + gap


# --------------------------------------------------------------------------
# Image effects
# --------------------------------------------------------------------------

def smooth_noise(rng, w, h, cells):
    """Low-frequency noise in [0, 1], shape (h, w): random grid, bicubic upscaled."""
    gy = max(2, int(round(cells * h / max(w, h))) + 2)
    gx = max(2, int(round(cells * w / max(w, h))) + 2)
    small = rng.random((gy, gx)).astype(np.float32)
    img = Image.fromarray(small, "F").resize((w, h), Image.BICUBIC)
    a = np.asarray(img, dtype=np.float32)
    return np.clip(a, 0.0, 1.0)


def radial(w, h, cx=0.5, cy=0.5):
    """Normalised distance from a centre point (0 at centre, ~1 at corners)."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    dx = (x / w - cx) * 2
    dy = (y / h - cy) * 2
    return np.sqrt(dx * dx + dy * dy) / math.sqrt(2)


def linear_gradient(w, h, angle_deg):
    """0..1 ramp across the image in the given direction."""
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    a = math.radians(angle_deg)
    t = x * math.cos(a) + y * math.sin(a)
    return (t - t.min()) / (t.max() - t.min())


def to_array(img):
    return np.asarray(img, dtype=np.float32)


def from_array(a):
    """Float array (H, W) or (H, W, 3) -> 8-bit L or RGB image, rounded and clipped."""
    return Image.fromarray(np.clip(a + 0.5, 0, 255).astype(np.uint8))


def add_noise(a, rng, sigma, mono=True):
    """Gaussian sensor noise; mono=True adds the same noise to all channels."""
    if a.ndim == 3 and mono:
        n = rng.normal(0, sigma, a.shape[:2]).astype(np.float32)[..., None]
    else:
        n = rng.normal(0, sigma, a.shape).astype(np.float32)
    return a + n


def perspective_coeffs(dst, src):
    """Coefficients for Image.transform(PERSPECTIVE) mapping dst quad -> src quad."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(dst, src):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
        rhs += [u, v]
    return np.linalg.solve(np.array(rows, float), np.array(rhs, float)).tolist()


def warp_to_quad(img, size, quad):
    """Warp an RGBA image so that its corners land on quad (TL, TR, BR, BL)."""
    w, h = img.size
    src = [(0, 0), (w, 0), (w, h), (0, h)]
    return img.transform(size, Image.PERSPECTIVE, perspective_coeffs(quad, src),
                         resample=Image.BICUBIC, fillcolor=(0, 0, 0, 0))


def drop_shadow(layer, offset, blur, opacity):
    """A blurred dark shadow (RGBA) from a layer's alpha channel."""
    alpha = layer.getchannel("A").filter(ImageFilter.GaussianBlur(blur))
    alpha = alpha.point(lambda v: int(v * opacity))
    shadow = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    shadow.putalpha(alpha)
    out = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    out.paste(shadow, offset)
    return out


def rounded_box(size, radius, fill):
    """A filled rounded rectangle covering a transparent RGBA image."""
    img = Image.new("RGBA", size, (0, 0, 0, 0))
    ImageDraw.Draw(img).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius, fill=fill)
    return img


def streaks(rng, w, h, rows, cols):
    """Noise stretched along x: a (rows x cols) random grid scaled up to (h, w)."""
    small = rng.random((rows, cols)).astype(np.float32)
    return np.asarray(Image.fromarray(small, "F").resize((w, h), Image.BICUBIC))


def wood_texture(rng, w, h):
    """A warm wooden desk made of horizontal planks, as an RGB float array."""
    y = np.mgrid[0:h, 0:w][0].astype(np.float32)
    plank_h = 620
    plank = (y // plank_h).astype(int)
    tone = rng.uniform(0.75, 1.1, plank.max() + 1)[plank]
    # grain: many thin, long lines, bent by a slow wave
    wave = smooth_noise(rng, w, h, 5) * 80
    grain = streaks(rng, w, h + 200, h // 3, 10)
    rows = np.clip((y + wave).astype(int) + 100, 0, h + 199)
    grain = np.take_along_axis(grain, rows, axis=0)
    t = np.clip(0.5 * grain + 0.3 * streaks(rng, w, h, h // 40, 6) + 0.2, 0, 1) * tone
    t = np.where((y % plank_h) < 5, 0.25, t)  # dark seams between planks
    dark = np.array([88, 55, 32], np.float32)
    light = np.array([170, 122, 78], np.float32)
    return dark + (light - dark) * np.clip(t, 0, 1.2)[..., None]


# --------------------------------------------------------------------------
# Samples
# --------------------------------------------------------------------------

@dataclass
class Sample:
    name: str            # file stem
    ext: str             # png, jpg, tif, webp, bmp, gif
    image: Image.Image
    lines: list          # ground truth, one rendered line per entry
    title: str
    description: str
    fonts: list          # keys of FONTS
    source: str          # where the text comes from
    save: dict = field(default_factory=dict)  # extra Pillow save options
    challenge: str = ""  # what makes it hard for OCR, for the deliberately degraded ones

    @property
    def filename(self):
        return f"{self.name}.{self.ext}"


FORMAT_NAMES = {"png": "PNG", "jpg": "JPEG", "tif": "TIFF", "webp": "WebP",
                "bmp": "BMP", "gif": "GIF"}


# --- public-domain texts ---------------------------------------------------

PRIDE_AND_PREJUDICE = [
    "It is a truth universally acknowledged, that a single man in possession of "
    "a good fortune, must be in want of a wife.",
    "However little known the feelings or views of such a man may be on his first "
    "entering a neighbourhood, this truth is so well fixed in the minds of the "
    "surrounding families, that he is considered the rightful property of some one "
    "or other of their daughters.",
    '"My dear Mr. Bennet," said his lady to him one day, "have you heard that '
    'Netherfield Park is let at last?"',
    "Mr. Bennet replied that he had not.",
    '"But it is," returned she; "for Mrs. Long has just been here, and she told me '
    'all about it."',
    "Mr. Bennet made no answer.",
    '"Do you not want to know who has taken it?" cried his wife impatiently.',
    '"You want to tell me, and I have no objection to hearing it."',
    "This was invitation enough.",
    '"Why, my dear, you must know, Mrs. Long says that Netherfield is taken by a '
    "young man of large fortune from the north of England; that he came down on "
    "Monday in a chaise and four to see the place, and was so much delighted with "
    "it, that he agreed with Mr. Morris immediately; that he is to take possession "
    "before Michaelmas, and some of his servants are to be in the house by the end "
    'of next week."',
    '"What is his name?"',
    '"Bingley."',
    '"Is he married or single?"',
    '"Oh! Single, my dear, to be sure! A single man of large fortune; four or five '
    'thousand a year. What a fine thing for our girls!"',
    '"How so? How can it affect them?"',
    '"My dear Mr. Bennet," replied his wife, "how can you be so tiresome! You must '
    'know that I am thinking of his marrying one of them."',
]

GETTYSBURG = [
    "Four score and seven years ago our fathers brought forth on this continent, "
    "a new nation, conceived in Liberty, and dedicated to the proposition that all "
    "men are created equal.",
    "Now we are engaged in a great civil war, testing whether that nation, or any "
    "nation so conceived and so dedicated, can long endure. We are met on a great "
    "battle-field of that war. We have come to dedicate a portion of that field, as "
    "a final resting place for those who here gave their lives that that nation "
    "might live. It is altogether fitting and proper that we should do this.",
    "But, in a larger sense, we can not dedicate, we can not consecrate, we can not "
    "hallow this ground. The brave men, living and dead, who struggled here, have "
    "consecrated it, far above our poor power to add or detract. The world will "
    "little note, nor long remember what we say here, but it can never forget what "
    "they did here.",
    "It is for us the living, rather, to be dedicated here to the unfinished work "
    "which they who fought here have thus far so nobly advanced. It is rather for us "
    "to be here dedicated to the great task remaining before us, that from these "
    "honored dead we take increased devotion to that cause for which they gave the "
    "last full measure of devotion, that we here highly resolve that these dead "
    "shall not have died in vain, that this nation, under God, shall have a new "
    "birth of freedom, and that government of the people, by the people, for the "
    "people, shall not perish from the earth.",
]

DECLARATION = [
    "When in the Course of human events, it becomes necessary for one people to "
    "dissolve the political bands which have connected them with another, and to "
    "assume among the powers of the earth, the separate and equal station to which "
    "the Laws of Nature and of Nature's God entitle them, a decent respect to the "
    "opinions of mankind requires that they should declare the causes which impel "
    "them to the separation.",
    "We hold these truths to be self-evident, that all men are created equal, that "
    "they are endowed by their Creator with certain unalienable Rights, that among "
    "these are Life, Liberty and the pursuit of Happiness. That to secure these "
    "rights, Governments are instituted among Men, deriving their just powers from "
    "the consent of the governed, That whenever any Form of Government becomes "
    "destructive of these ends, it is the Right of the People to alter or to "
    "abolish it, and to institute new Government, laying its foundation on such "
    "principles and organizing its powers in such form, as to them shall seem most "
    "likely to effect their Safety and Happiness.",
]

MOBY_DICK = [
    "Call me Ishmael. Some years ago, never mind how long precisely, having little "
    "or no money in my purse, and nothing particular to interest me on shore, I "
    "thought I would sail about a little and see the watery part of the world. It "
    "is a way I have of driving off the spleen and regulating the circulation. "
    "Whenever I find myself growing grim about the mouth; whenever it is a damp, "
    "drizzly November in my soul; whenever I find myself involuntarily pausing "
    "before coffin warehouses, and bringing up the rear of every funeral I meet; "
    "and especially whenever my hypos get such an upper hand of me, that it "
    "requires a strong moral principle to prevent me from deliberately stepping "
    "into the street, and methodically knocking people's hats off, then, I account "
    "it high time to get to sea as soon as I can. This is my substitute for pistol "
    "and ball. With a philosophical flourish Cato throws himself upon his sword; I "
    "quietly take to the ship. There is nothing surprising in this. If they but "
    "knew it, almost all men in their degree, some time or other, cherish very "
    "nearly the same feelings towards the ocean with me.",
    "There now is your insular city of the Manhattoes, belted round by wharves as "
    "Indian isles by coral reefs; commerce surrounds it with her surf. Right and "
    "left, the streets take you waterward. Its extreme downtown is the battery, "
    "where that noble mole is washed by waves, and cooled by breezes, which a few "
    "hours previous were out of sight of land. Look at the crowds of water-gazers "
    "there.",
]

AESOP_TORTOISE = (
    "A Hare one day ridiculed the short feet and slow pace of the Tortoise, who "
    "replied, laughing: \"Though you be swift as the wind, I will beat you in a "
    "race.\" The Hare, believing her assertion to be simply impossible, assented to "
    "the proposal; and they agreed that the Fox should choose the course and fix "
    "the goal. On the day appointed for the race the two started together. The "
    "Tortoise never for a moment stopped, but went on with a slow but steady pace "
    "straight to the end of the course. The Hare, lying down by the wayside, fell "
    "fast asleep. At last waking up, and moving as fast as he could, he saw the "
    "Tortoise had reached the goal, and was comfortably dozing after her fatigue. "
    "Slow but steady wins the race."
)


# --- builders ---------------------------------------------------------------

def book_page():
    """Scanned page of a novel: justified serif paragraphs, greyscale PNG."""
    w, h = 1650, 2550  # 5.5 x 8.5 in trade paperback at 300 DPI
    img = Image.new("L", (w, h), 248)
    # faint gutter shadow on the left edge, as from a flatbed scan of a book
    a = to_array(img) - 38 * np.exp(-np.mgrid[0:h, 0:w][1] / 70.0)
    img = from_array(a)
    d = ImageDraw.Draw(img)
    body = font("c059", pt(11))
    flow = Flow(d, left=190, top=150, width=w - 190 - 170, fill=22)
    flow.line("PRIDE AND PREJUDICE", font("c059", pt(8.5)), align="center")
    flow.space(110)
    flow.line("CHAPTER I", font("c059-bold", pt(13)), align="center")
    flow.space(40)
    step = round(body.size * 1.32)
    for i, para in enumerate(PRIDE_AND_PREJUDICE):
        indent = 0 if i == 0 else 60
        if flow.y + step * len(wrap(para, body, flow.width, indent)) > h - 260:
            break  # keep whole paragraphs above the page number
        flow.para(para, body, leading=1.32, first_indent=indent, justify=True)
    flow.y = h - 210
    flow.line("3", font("c059", pt(10)), align="center")
    return Sample(
        "book_page", "png", img, flow.lines,
        "Book page (greyscale scan)",
        "Page 3 of a trade paperback: running head, chapter heading, justified "
        "11 pt serif paragraphs with first-line indents, page number. Clean "
        "flatbed scan look with a faint gutter shadow on the left edge. "
        "8-bit greyscale.",
        ["c059", "c059-bold"],
        "Jane Austen, Pride and Prejudice (1813), opening of chapter 1; public domain",
    )


def exam_page():
    """Exam question paper: numbered questions, options, scanned to TIFF."""
    w, h = 2550, 3300  # US Letter
    img = Image.new("L", (w, h), 252)
    d = ImageDraw.Draw(img)
    body = font("sans", pt(11))
    flow = Flow(d, left=300, top=260, width=w - 600, fill=15)
    flow.line("NORTHFIELD COMMUNITY COLLEGE", font("sans-bold", pt(15)), align="center")
    flow.space(10)
    flow.line("Introduction to Physics - Midterm Examination", font("sans", pt(13)),
              align="center")
    flow.space(30)
    d.line((300, flow.y, w - 300, flow.y), fill=40, width=4)
    flow.space(50)
    flow.line("Time allowed: 60 minutes. Answer all questions. Total: 40 marks.",
              font("sans-bold", pt(11)))
    flow.para("Write your answers in the spaces provided. Show all working for "
              "calculation questions. Calculators may be used. Take g = 10 N/kg.",
              body, leading=1.35)
    flow.space(70)
    questions = [
        ("1. A cyclist travels 24 km in 1.5 hours. What is her average speed? (2 marks)",
         ["(a) 16 km/h", "(b) 18 km/h", "(c) 24 km/h", "(d) 36 km/h"], 0),
        ("2. State Newton's second law of motion in words, and give the SI unit "
         "of force. (4 marks)", [], 200),
        ("3. A box of mass 5 kg is lifted through a height of 2 m. Calculate the "
         "gain in gravitational potential energy. (3 marks)", [], 200),
        ("4. Explain why a metal spoon feels colder than a wooden spoon at the same "
         "room temperature. (4 marks)", [], 200),
        ("5. A lamp is rated 60 W. How much energy does it transfer in 2 minutes? "
         "Give your answer in joules. (3 marks)", [], 200),
        ("6. Which of these quantities is a vector? (1 mark)",
         ["(a) mass    (b) speed    (c) velocity    (d) energy"], 0),
    ]
    hang = body.getlength("6. ")
    for text, options, answer_space in questions:
        flow.para(text, body, leading=1.35, indent=hang)
        flow.space(15)
        for opt in options:
            flow.line(opt, body, leading=1.4, indent=hang + 40)
        flow.space(answer_space + 60)
    flow.y = h - 260
    flow.line("Page 1 of 4 - Turn over", font("sans", pt(9)), align="center")
    return Sample(
        "exam_page", "tif", img, flow.lines,
        "Exam question paper (TIFF scan)",
        "First page of a physics midterm on US Letter: centred header, rule, "
        "instructions, six numbered questions with hanging indents, "
        "multiple-choice options (one set stacked, one set on a single line), "
        "blank answer space and a footer. 8-bit greyscale TIFF, LZW compressed.",
        ["sans", "sans-bold"],
        "original text",
        save={"compression": "tiff_lzw"},
    )


def receipt():
    """Narrow shop receipt in monospace with a faded thermal-print look."""
    rng = np.random.default_rng(3)
    cols = 32
    fnt = font("dejavu-mono", 34)
    bold = font("dejavu-mono-bold", 34)
    cw = fnt.getlength("M")
    margin = 55
    w = int(margin * 2 + cw * cols)
    items = [("Whole milk 2L", 2.89), ("Sourdough bread", 4.50),
             ("Bananas 1.2kg @ 1.29/kg", 1.55), ("Cheddar cheese 400g", 5.75),
             ("Free range eggs x12", 3.99), ("Olive oil 500ml", 7.20),
             ("Coffee beans 250g", 8.40), ("Dish soap", 2.15)]
    subtotal = round(sum(p for _, p in items), 2)
    tax = round(subtotal * 0.05, 2)
    total = round(subtotal + tax, 2)

    def row(left, right):
        return left + " " * (cols - len(left) - len(right)) + right

    rows = [("c", "GREENLEAF MARKET", bold), ("c", "214 Harbor Road, Millbrook", fnt),
            ("c", "Tel 555-0142", fnt), ("rule", None, None)]
    rows += [("l", row(n, f"{p:.2f}"), fnt) for n, p in items]
    rows += [("rule", None, None),
             ("l", row("SUBTOTAL", f"{subtotal:.2f}"), fnt),
             ("l", row("TAX 5%", f"{tax:.2f}"), fnt),
             ("l", row("TOTAL", f"{total:.2f}"), bold),
             ("gap", None, None),
             ("l", row("VISA ending 4821", f"{total:.2f}"), fnt),
             ("l", row("Auth code 07731", f"Items {len(items)}"), fnt),
             ("l", row("12/03/2024 14:27", "Till 3"), fnt),
             ("rule", None, None),
             ("c", "Thank you for shopping with us!", fnt)]
    step = 50
    h = 120 + step * len(rows) + 150
    ink = Image.new("L", (w, h), 0)  # ink coverage, 255 = full
    d = ImageDraw.Draw(ink)
    flow = Flow(d, left=margin, top=120, width=w - 2 * margin, fill=255)
    for kind, text, f in rows:
        if kind == "rule":
            y = flow.y + 20
            for x in range(margin, w - margin - 12, 22):
                d.line((x, y, x + 12, y), fill=255, width=3)
            flow.space(step)
        elif kind == "gap":
            flow.space(step // 2)
        else:
            flow.line(text, f, align="center" if kind == "c" else "left", leading=step / f.size)
    # thermal print: soft edges, uneven darkness from print-head wear
    cov = to_array(ink.filter(ImageFilter.GaussianBlur(0.7))) / 255.0
    head = 0.78 + 0.22 * smooth_noise(rng, w, 1, 60)[0]           # per column
    fade = 0.95 - 0.25 * smooth_noise(rng, w, h, 3)                 # large patches
    strength = np.clip(cov * head[None, :] * fade, 0, 1)
    paper = np.array([248, 246, 240], np.float32)
    inkc = np.array([62, 60, 68], np.float32)
    a = paper + (inkc - paper) * strength[..., None]
    img = from_array(a)
    return Sample(
        "receipt", "png", img, flow.lines,
        "Shop receipt (thermal print)",
        "Narrow (64 mm) supermarket till receipt: centred shop header, item lines "
        "with right-aligned prices, totals, card payment, dashed rules (drawn, "
        "not text). Monospace 34 px, greyish ink faded unevenly to imitate a "
        "worn thermal print head, slightly blurred.",
        ["dejavu-mono", "dejavu-mono-bold"],
        "original text (prices add up)",
    )


def street_sign():
    """Photo of street signs on a pole in front of a brick wall."""
    rng = np.random.default_rng(4)
    W, H = 2000, 1500
    # background: brick wall with mortar, sky strip on top, soft lighting
    y, x = np.mgrid[0:H, 0:W].astype(np.float32)
    bw, bh = 150, 56
    row_i = (y // bh).astype(int)
    xs = x + (row_i % 2) * bw / 2
    mortar = ((y % bh) < 8) | ((xs % bw) < 8)
    brick_shade = smooth_noise(rng, W, H, 80) * 0.35 + 0.65
    brick = np.stack([150 * brick_shade, 72 * brick_shade, 52 * brick_shade], -1)
    a = np.where(mortar[..., None], np.array([175, 168, 155], np.float32), brick)
    a = a * (0.85 + 0.3 * smooth_noise(rng, W, H, 400))[..., None]
    sky = np.array([150, 190, 230], np.float32) + (y[..., None] / 260.0) * 40
    a = np.where((y < 260)[..., None], sky, a)
    a = a * (0.6 + 0.5 * (1 - linear_gradient(W, H, 30)))[..., None]
    # the wall is behind the focal plane: strongly out of focus
    bg = from_array(a).filter(ImageFilter.GaussianBlur(7)).convert("RGBA")

    # pole
    pole = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    pd = ImageDraw.Draw(pole)
    for i in range(70):
        c = int(90 + 90 * math.sin(math.pi * i / 70))
        pd.line((1065 + i, 0, 1065 + i, H), fill=(c, c, c + 5, 255))
    bg.alpha_composite(drop_shadow(pole, (30, 0), 12, 0.5))
    bg.alpha_composite(pole)

    # sign 1: green street-name blade, white text and border
    s1 = rounded_box((1300, 300), 30, (0, 105, 62, 255))
    d = ImageDraw.Draw(s1)
    d.rounded_rectangle((14, 14, 1285, 285), 22, outline=(245, 245, 245, 255), width=10)
    f1 = font("narrow-bold", 190)
    d.text((650, 160), "MAPLE AVE", font=f1, fill=(250, 250, 250, 255), anchor="mm")
    # sign 2: white regulatory sign, red and black text
    s2 = rounded_box((640, 760), 24, (246, 246, 242, 255))
    d = ImageDraw.Draw(s2)
    d.rounded_rectangle((12, 12, 627, 747), 18, outline=(200, 20, 30, 255), width=12)
    d.text((320, 160), "NO", font=font("sans-bold", 150), fill=(200, 20, 30, 255), anchor="mm")
    d.text((320, 320), "PARKING", font=font("sans-bold", 118), fill=(200, 20, 30, 255), anchor="mm")
    d.text((320, 490), "8 AM - 6 PM", font=font("sans-bold", 84), fill=(20, 20, 20, 255), anchor="mm")
    d.text((320, 620), "MON - FRI", font=font("sans-bold", 84), fill=(20, 20, 20, 255), anchor="mm")

    # slight perspective: camera a little to the left and below
    layer = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    layer.alpha_composite(warp_to_quad(s1, (W, H), [(690, 330), (1500, 358), (1495, 545), (695, 522)]))
    layer.alpha_composite(warp_to_quad(s2, (W, H), [(905, 640), (1305, 658), (1300, 1132), (908, 1122)]))
    bg.alpha_composite(drop_shadow(layer, (22, 18), 10, 0.45))
    bg.alpha_composite(layer)

    a = to_array(bg.convert("RGB"))
    a = a * (1 - 0.35 * radial(W, H) ** 2)[..., None]   # lens vignetting
    a = add_noise(a, rng, 4.0, mono=False)
    img = from_array(a).filter(ImageFilter.GaussianBlur(0.8))
    lines = ["MAPLE AVE", "NO", "PARKING", "8 AM - 6 PM", "MON - FRI"]
    return Sample(
        "street_sign", "jpg", img, lines,
        "Street signs (photo)",
        "Phone-style photo of a green street-name sign (white letters, light on "
        "dark) above a red and black no-parking sign, mounted on a metal pole in "
        "front of a brick wall with a strip of sky. Slight perspective, soft drop "
        "shadows, lighting gradient, vignetting, colour noise, slight blur.",
        ["narrow-bold", "sans-bold"],
        "original text",
        save={"quality": 88},
        challenge="scene clutter around the text; white-on-green and red-on-white "
                  "lettering that a plain binarisation loses (a colour threshold "
                  "helps); large letters.",
    )


def poster():
    """Event poster: yellow and white text on dark blue, red band."""
    rng = np.random.default_rng(5)
    W, H = 1800, 2400  # 6 x 8 in
    r = radial(W, H, 0.5, 0.35)
    top = np.array([22, 40, 110], np.float32)
    edge = np.array([8, 14, 50], np.float32)
    a = top + (edge - top) * np.clip(r * 1.3, 0, 1)[..., None]
    a = add_noise(a, rng, 1.5)
    img = from_array(a)
    d = ImageDraw.Draw(img)
    # decorative rings
    for cx, cy, rad in [(1550, 300, 260), (220, 1500, 200), (1600, 1650, 120)]:
        d.ellipse((cx - rad, cy - rad, cx + rad, cy + rad), outline=(45, 70, 150), width=18)
    yellow, white = (255, 214, 40), (250, 250, 250)
    flow = Flow(d, left=120, top=260, width=W - 240, fill=white)
    flow.line("CITY JAZZ", font("nimbus-sans-bold", 260), align="center", fill=yellow, leading=1.05)
    flow.line("FESTIVAL", font("nimbus-sans-bold", 260), align="center", fill=yellow, leading=1.2)
    flow.space(60)
    flow.line("June 14 - 16", font("sans-bold", 150), align="center", leading=1.4)
    flow.line("Riverside Park Bandstand", font("sans", 100), align="center", leading=1.6)
    flow.space(40)
    flow.line("Live music from noon until late", font("sans", 80), align="center", leading=1.4)
    flow.line("Free entry - all ages welcome", font("sans", 80), align="center", leading=1.4)
    # red band
    band_top = 1860
    d.rectangle((0, band_top, W, band_top + 300), fill=(190, 25, 35))
    flow.y = band_top + 55
    flow.line("Food trucks - Dance floor - Workshops", font("sans-bold", 78), align="center")
    flow.line("cityjazz.example.org", font("sans", 64), align="center", fill=(255, 225, 120))
    return Sample(
        "poster", "webp", img, flow.lines,
        "Festival poster (light text on dark colour)",
        "Event poster: bold yellow headline and white text on a dark blue radial "
        "gradient with decorative rings, and a red band with white and pale "
        "yellow text at the bottom. All text is light on dark. Lossy WebP "
        "(quality 90).",
        ["nimbus-sans-bold", "sans", "sans-bold"],
        "original text",
        save={"quality": 90, "method": 6},
        challenge="light-on-dark text everywhere, white on red in the band, "
                  "decorative rings touching letters, very large headline.",
    )


def app_screenshot():
    """HiDPI screenshot of a notes app window: crisp anti-aliased sans UI text."""
    W, H = 1600, 1000
    img = Image.new("RGB", (W, H), (236, 236, 238))
    d = ImageDraw.Draw(img)
    ui = font("noto-sans", 28)
    ui_bold = font("noto-sans-bold", 28)
    # title bar
    d.rectangle((0, 0, W, 72), fill=(222, 222, 226))
    for i, c in enumerate([(255, 95, 86), (255, 189, 46), (39, 201, 63)]):
        d.ellipse((28 + i * 44, 22, 56 + i * 44, 50), fill=c)
    lines = []
    title = "Notes - Weekend errands"
    d.text((W / 2, 38), title, font=ui_bold, fill=(50, 50, 55), anchor="mm")
    lines.append(title)
    # toolbar
    d.rectangle((0, 72, W, 150), fill=(246, 246, 248))
    d.line((0, 150, W, 150), fill=(205, 205, 210), width=2)
    x = 40
    tools = ["New", "Delete", "Share", "Export", "Search"]
    for t in tools:
        tw = ui.getlength(t)
        d.rounded_rectangle((x - 18, 88, x + tw + 18, 134), 10, fill=(228, 228, 234))
        d.text((x, 112), t, font=ui, fill=(40, 40, 45), anchor="lm")
        x += tw + 70
    lines.append(" ".join(tools))
    # content
    d.rectangle((0, 151, W, H - 70), fill=(255, 255, 255))
    flow = Flow(d, left=80, top=200, width=W - 160, fill=(30, 30, 34))
    flow.line("Weekend errands", font("noto-sans-bold", 46), leading=1.5)
    flow.line("Last edited Saturday 9:15", font("noto-sans", 24), fill=(120, 120, 128), leading=2.0)
    body = font("noto-sans", 32)
    for t in ["Pick up the dry cleaning before 5 pm.",
              "Buy batteries, light bulbs and a new bike lock.",
              "Return the library books (due Monday).",
              "Call the plumber about the kitchen tap: 555-0199.",
              "Book a table for Sunday lunch, 4 people, 12:30.",
              "Water the plants on the balcony."]:
        flow.line(t, body, leading=1.7)
    lines += flow.lines
    # status bar
    d.rectangle((0, H - 70, W, H), fill=(242, 242, 245))
    d.line((0, H - 70, W, H - 70), fill=(205, 205, 210), width=2)
    status = "6 items | Synced | 132 words"
    d.text((40, H - 35), status, font=font("noto-sans", 24), fill=(90, 90, 98), anchor="lm")
    lines.append(status)
    return Sample(
        "app_screenshot", "png", img, lines,
        "App screenshot (HiDPI UI)",
        "Screenshot of a notes application window at 2x scale: title bar with "
        "window buttons, toolbar of rounded buttons, a white note with a bold "
        "heading, a grey timestamp and six lines of body text, and a status bar. "
        "Crisp anti-aliased sans text, no degradation.",
        ["noto-sans", "noto-sans-bold"],
        "original text",
    )


def phone_photo_noisy():
    """Dim phone photo of a printed page: low contrast, uneven light, noise, JPEG."""
    rng = np.random.default_rng(7)
    W, H = 1200, 1600
    pw, ph = 1250, 1560
    page = Image.new("L", (pw, ph), 0)  # ink coverage
    d = ImageDraw.Draw(page)
    flow = Flow(d, left=80, top=70, width=pw - 160, fill=255)
    flow.line("The Gettysburg Address", font("serif-bold", 44), align="center", leading=1.6)
    body = font("serif", 33)
    for p in GETTYSBURG:
        flow.para(p, body, leading=1.3)
        flow.space(16)
    cov = to_array(page) / 255.0
    # paper in RGBA: white paper with ink coverage in alpha-free form
    paper_rgb = np.array([235, 228, 212], np.float32)
    ink_rgb = np.array([70, 66, 70], np.float32)
    a = paper_rgb + (ink_rgb - paper_rgb) * cov[..., None]
    page_img = from_array(a).convert("RGBA")
    bg = Image.new("RGBA", (W, H), (60, 52, 48, 255))
    quad = [(-10, -5), (1190, 18), (1215, 1585), (-30, 1610)]
    warped = warp_to_quad(page_img, (W, H), quad)
    bg.alpha_composite(warped)
    a = to_array(bg.convert("RGB"))
    # uneven illumination: light from the top left, shadow of the phone bottom right
    light = 1.0 - 0.5 * linear_gradient(W, H, 55)
    light -= 0.18 * smooth_noise(rng, W, H, 3)
    light *= 1 - 0.5 * radial(W, H, 0.45, 0.4) ** 2
    a = a * light[..., None] * np.array([1.0, 0.94, 0.82], np.float32)  # warm lamp
    a = 28 + a * 0.66  # low contrast, lifted blacks
    a = to_array(from_array(a).filter(ImageFilter.GaussianBlur(1.1)))  # focus
    a = add_noise(a, rng, 7.0)                 # luminance noise
    a = add_noise(a, rng, 5.0, mono=False)     # colour noise
    img = from_array(a)
    return Sample(
        "phone_photo_noisy", "jpg", img, flow.lines,
        "Noisy low-contrast phone photo of a page",
        "Hand-held phone photo of a printed page under a dim warm lamp: "
        "low contrast, light falling off towards the bottom right, vignetting, "
        "blotchy uneven illumination, slight perspective, blur, strong colour "
        "sensor noise and JPEG quality 65 compression.",
        ["serif", "serif-bold"],
        "Abraham Lincoln, Gettysburg Address (1863, Bliss copy; dashes replaced "
        "by commas); public domain",
        save={"quality": 65},
        challenge="low contrast, dark lower-right corner, noise and blur: plain "
                  "Tesseract misses much of the last paragraph; smoothing and "
                  "thresholding are expected to help.",
    )


def skewed_page():
    """A page scanned crooked: rotated 4.5 degrees on a grey scanner bed."""
    rng = np.random.default_rng(8)
    pw, ph = 1700, 2200
    page = Image.new("L", (pw, ph), 250)
    d = ImageDraw.Draw(page)
    flow = Flow(d, left=170, top=170, width=pw - 340, fill=20)
    flow.line("IN CONGRESS, July 4, 1776.", font("serif-bold", pt(13)), align="center", leading=1.5)
    flow.line("The unanimous Declaration of the thirteen", font("serif", pt(12)), align="center")
    flow.line("united States of America", font("serif", pt(12)), align="center", leading=1.8)
    body = font("serif", pt(11.5))
    for p in DECLARATION:
        flow.para(p, body, leading=1.35, first_indent=70, justify=True)
        flow.space(30)
    rotated = page.convert("RGBA").rotate(4.5, resample=Image.BICUBIC, expand=True,
                                          fillcolor=(0, 0, 0, 0))
    W, H = rotated.size[0] + 60, rotated.size[1] + 60
    bed = Image.new("RGBA", (W, H), (196, 196, 196, 255))
    bed.alpha_composite(drop_shadow(rotated, (40, 40), 8, 0.35))
    bed.alpha_composite(rotated, (30, 30))
    a = add_noise(to_array(bed.convert("L")), rng, 2.5)
    img = from_array(a)
    return Sample(
        "skewed_page", "jpg", img, flow.lines,
        "Skewed scan (rotated 4.5 degrees)",
        "A5-sized printed page placed crooked on a flatbed scanner: heading and "
        "two justified serif paragraphs, the whole page rotated 4.5 degrees "
        "counter-clockwise on a grey scanner bed with a soft shadow, light noise. "
        "Greyscale JPEG (quality 90).",
        ["serif", "serif-bold"],
        "United States Declaration of Independence (1776), opening; public domain",
        save={"quality": 90},
    )


def document_photo_12mp():
    """12-megapixel (4000x3000) photo of a printed page lying on a wooden desk."""
    rng = np.random.default_rng(9)
    W, H = 4000, 3000
    pw, ph = 2480, 3508  # A4 at 300 DPI
    page = Image.new("L", (pw, ph), 0)  # ink coverage
    d = ImageDraw.Draw(page)
    flow = Flow(d, left=270, top=300, width=pw - 540, fill=255)
    flow.line("MOBY-DICK; OR, THE WHALE", font("p052-bold", pt(16)), align="center", leading=1.5)
    flow.line("by Herman Melville", font("p052", pt(12)), align="center", leading=2.2)
    flow.line("CHAPTER 1. Loomings.", font("p052-bold", pt(13)), leading=1.8)
    body = font("p052", pt(12))
    for p in MOBY_DICK:
        flow.para(p, body, leading=1.4, first_indent=90)
        flow.space(35)
    flow.space(60)
    flow.line("THE HARE AND THE TORTOISE", font("p052-bold", pt(13)), leading=1.8)
    flow.para(AESOP_TORTOISE, body, leading=1.4, first_indent=90)
    cov = to_array(page.filter(ImageFilter.GaussianBlur(0.6))) / 255.0
    paper = np.array([246, 244, 238], np.float32)
    ink = np.array([28, 28, 34], np.float32)
    page_img = from_array(paper + (ink - paper) * cov[..., None]).convert("RGBA")

    desk = from_array(wood_texture(rng, W, H)).convert("RGBA")
    quad = [(1030, 95), (3000, 130), (3080, 2920), (960, 2885)]
    warped = warp_to_quad(page_img, (W, H), quad)
    desk.alpha_composite(drop_shadow(warped, (18, 26), 22, 0.55))
    desk.alpha_composite(warped)
    a = to_array(desk.convert("RGB"))
    # window light from the left, a little warm; soft vignette
    light = 1.08 - 0.35 * linear_gradient(W, H, 10) ** 1.5
    light *= 1 - 0.3 * radial(W, H) ** 2
    light -= 0.08 * smooth_noise(rng, W, H, 2)
    a = a * light[..., None] * np.array([1.0, 0.97, 0.92], np.float32)
    a = to_array(from_array(a).filter(ImageFilter.GaussianBlur(0.7)))  # lens
    img = from_array(add_noise(a, rng, 4.5, mono=False))              # sensor
    return Sample(
        "document_photo_12mp", "jpg", img, flow.lines,
        "12-megapixel photo of a document",
        "4000x3000 camera photo of a printed A4 page lying on a wooden desk, "
        "taken from slightly off-axis (perspective), with window light falling "
        "off from left to right, a soft shadow under the page, vignetting, mild "
        "sensor noise and lens softness. The page has a title, a chapter "
        "heading and serif body text at 12 pt. JPEG quality 85.",
        ["p052", "p052-bold"],
        "Herman Melville, Moby-Dick (1851), opening of chapter 1; Aesop, The "
        "Hare and the Tortoise (George Fyler Townsend translation, 1867); public domain",
        save={"quality": 85},
    )


def price_tag():
    """Supermarket shelf price tag: yellow card, red header band, big price."""
    W, H = 1050, 600  # 3.5 x 2 in
    img = Image.new("RGB", (W, H), (255, 222, 40))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, W, 130), fill=(205, 20, 30))
    red, black = (205, 20, 30), (20, 20, 20)
    d.text((W / 2, 68), "SPECIAL OFFER", font=font("sans-bold", 84), fill=(255, 255, 255), anchor="mm")
    d.text((50, 215), "Gala Apples", font=font("sans-bold", 72), fill=black, anchor="ls")
    d.text((50, 280), "Fresh, crisp and sweet", font=font("sans", 44), fill=black, anchor="ls")
    d.text((50, 400), "Was $3.29", font=font("sans", 54), fill=black, anchor="ls")
    d.text((W - 50, 470), "$2.49", font=font("sans-bold", 190), fill=red, anchor="rs")
    d.text((W - 50, 545), "per lb", font=font("sans-bold", 48), fill=black, anchor="rs")
    d.text((50, 545), "Item 40112", font=font("sans", 34), fill=black, anchor="ls")
    lines = ["SPECIAL OFFER", "Gala Apples", "Fresh, crisp and sweet",
             "Was $3.29", "$2.49", "Item 40112 per lb"]
    return Sample(
        "price_tag", "bmp", img, lines,
        "Price tag (coloured label)",
        "Shelf price label (3.5 x 2 in): white text on a red header band, black "
        "product name, description and previous price on bright yellow, a very "
        "large red price with its unit, and a small item code. Clean digital "
        "rendering, 24-bit BMP.",
        ["sans", "sans-bold"],
        "original text",
        challenge="the huge price digits are often dropped by page layout analysis.",
    )


def newsletter():
    """Two-column community newsletter with a coloured masthead."""
    W, H = 2550, 3300
    img = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    green, ink = (30, 90, 60), (25, 25, 25)
    d.rectangle((0, 0, W, 520), fill=green)
    mast = Flow(d, left=180, top=140, width=W - 360, fill=(255, 255, 255))
    mast.line("THE ELM STREET NEWS", font("noto-serif-bold", pt(34)), align="center", leading=1.25)
    mast.line("Neighbourhood newsletter - Spring edition", font("noto-sans", pt(13)),
              align="center")
    col_w = (W - 360 - 110) // 2
    head = font("noto-sans-bold", pt(14))
    body = font("noto-serif", pt(10.5))
    left = Flow(d, left=180, top=640, width=col_w, fill=ink)
    right = Flow(d, left=180 + col_w + 110, top=640, width=col_w, fill=ink)
    articles_left = [
        ("Community Garden Opens",
         ["The new community garden behind the old fire station opened on Saturday "
          "morning. Thirty raised beds are now ready for planting, and twelve of them "
          "are still available to rent for the season.",
          "Volunteers built the beds, the tool shed and the compost bins over the "
          "winter. Water is free, and seeds will be shared at the monthly swap on the "
          "first Sunday of every month."]),
        ("Library Hours Change",
         ["From the first of May the branch library will stay open until eight in the "
          "evening on Tuesdays and Thursdays. Saturday opening moves to ten o'clock. "
          "The reading group meets on the last Friday of each month."]),
        ("Neighbour of the Month",
         ["This month we thank Mr. Alan Pryce of number 31, who has swept the leaves "
          "from the footpath outside the school every morning since October, rain or "
          "shine. He tells us that the secret is a good broom and an early breakfast."]),
        ("Lost and Found",
         ["A blue child's bicycle was found near the bus shelter on Cedar Road last "
          "Tuesday. The owner can collect it from number 18 after six in the evening."]),
    ]
    articles_right = [
        ("Spring Bake Sale",
         ["The school bake sale returns to the church hall on April 27 from nine "
          "until noon. Last year we raised enough to buy new books for every "
          "classroom. Cakes, bread and biscuits can be dropped off the evening before."]),
        ("Road Works on Elm Street",
         ["The city will replace the water main between Oak Lane and the river from "
          "May 6. Expect one lane to be closed during the day for about three weeks. "
          "Parking on the north side will not be allowed while the work goes on."]),
        ("Dates for Your Diary",
         ["Garden work day on Saturday, April 13, from ten o'clock. Residents meeting "
          "on Wednesday, April 24, at seven in the school hall. Street party planning "
          "group on Sunday, May 12, at the community centre. Everyone is welcome at "
          "all three, and there will be tea and cake."]),
        ("Get in Touch",
         ["Send news, photos and letters to the editor by the tenth of the month. "
          "Short items of local interest are always welcome."]),
    ]
    for flow, articles in ((left, articles_left), (right, articles_right)):
        for title, paras in articles:
            flow.line(title, head, leading=1.5)
            for p in paras:
                flow.para(p, body, leading=1.38, justify=True)
                flow.space(25)
            flow.space(70)
    rule_x = 180 + col_w + 55
    d.line((rule_x, 640, rule_x, max(left.y, right.y) - 60), fill=(170, 170, 170), width=3)
    d.line((180, H - 220, W - 180, H - 220), fill=green, width=4)
    foot = Flow(d, left=180, top=H - 190, width=W - 360, fill=(90, 90, 90))
    foot.line("Elm Street Residents Association - Issue 14", font("noto-sans", pt(9)),
              align="center")
    lines = mast.lines + left.lines + right.lines + foot.lines
    return Sample(
        "newsletter", "png", img, lines,
        "Two-column newsletter",
        "US Letter newsletter page: dark green masthead with white title and "
        "subtitle, two justified serif columns separated by a thin rule, bold "
        "sans headlines, and a footer. Ground truth reads the left column "
        "first, then the right column.",
        ["noto-serif-bold", "noto-serif", "noto-sans", "noto-sans-bold"],
        "original text",
    )


def form():
    """Filled-in application form: labels above boxed, typed-in fields."""
    W, H = 2550, 3300
    img = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    ink = (20, 20, 20)
    flow = Flow(d, left=250, top=230, width=W - 500, fill=ink)
    flow.line("RIVERSIDE PUBLIC LIBRARY", font("sans-bold", pt(18)), align="center", leading=1.3)
    flow.line("Library Card Application", font("sans", pt(14)), align="center", leading=1.6)
    flow.para("Please complete this form in block capitals and hand it to a member "
              "of staff together with proof of your address.", font("sans", pt(10.5)),
              leading=1.35)
    flow.space(60)
    label = font("sans", pt(9))
    value = font("mono", pt(12))
    fields = [("Full name", "MARGARET ELLEN HOLLOWAY"),
              ("Date of birth", "17/08/1986"),
              ("Street address", "42 WILLOW CRESCENT"),
              ("Town and postcode", "MILLBROOK MB4 7QT"),
              ("Telephone", "555-0187"),
              ("Email address", "m.holloway@example.net"),
              ("Preferred branch", "RIVERSIDE CENTRAL")]
    blue = (30, 60, 140)
    for lab, val in fields:
        flow.line(lab, label, fill=(60, 60, 60), leading=1.35)
        top = flow.y
        d.rectangle((250, top, W - 250, top + 120), outline=(90, 90, 90), width=3)
        flow.y = top + 25
        flow.line(val, value, fill=blue, indent=35, leading=1.0)
        flow.y = top + 120 + 45
    flow.space(40)
    flow.para("I agree to follow the rules of the library and to pay for any items "
              "that are lost or damaged while on loan to me.", font("sans", pt(10.5)),
              leading=1.35)
    flow.space(40)
    flow.line("Signed: M. Holloway      Date: 03/04/2024", font("sans", pt(11)), leading=1.3)
    d.line((250, H - 240, W - 250, H - 240), fill=(150, 150, 150), width=2)
    flow.y = H - 210
    flow.line("For office use only: card number issued", font("sans", pt(8.5)),
              fill=(110, 110, 110))
    return Sample(
        "form", "png", img, flow.lines,
        "Filled-in form with boxes",
        "US Letter application form: centred title, instructions, seven grey "
        "boxed fields each with a small label above and a typed-in value in "
        "blue monospace inside the box, a declaration paragraph, signature line "
        "and a small grey office-use footer.",
        ["sans", "sans-bold", "mono"],
        "original text (fictitious person)",
    )


def slide():
    """Presentation slide exported as a palette GIF."""
    W, H = 1600, 900
    img = Image.new("RGB", (W, H), (255, 255, 255))
    d = ImageDraw.Draw(img)
    navy, orange, grey = (20, 40, 90), (240, 130, 30), (80, 80, 90)
    d.rectangle((0, 0, W, 190), fill=navy)
    d.rectangle((0, 190, W, 202), fill=orange)
    lines = []
    d.text((90, 125), "Project Timeline", font=font("dejavu-sans-bold", 80), fill=(255, 255, 255), anchor="ls")
    lines.append("Project Timeline")
    flow = Flow(d, left=150, top=270, width=W - 240, fill=(30, 30, 40))
    bullet = font("dejavu-sans", 48)
    for t in ["Research and interviews finished in March",
              "First prototype ready for testing in May",
              "Public beta planned for the end of July",
              "Launch date confirmed for September 12"]:
        y = flow.y
        d.rectangle((90, y + 18, 112, y + 40), fill=orange)
        flow.line(t, bullet, leading=2.0)
    lines += flow.lines
    d.line((90, H - 90, W - 90, H - 90), fill=(200, 200, 205), width=2)
    footer = "Riverbank Design Studio - Team update"
    d.text((90, H - 40), footer, font=font("dejavu-sans", 30), fill=grey, anchor="ls")
    lines.append(footer)
    img = img.quantize(colors=32, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    return Sample(
        "slide", "gif", img, lines,
        "Presentation slide (GIF)",
        "16:9 presentation slide: white title on a navy bar with an orange "
        "accent line, four bullet points (orange squares, drawn shapes, not "
        "text) and a grey footer. Quantised to a 32-colour palette without "
        "dithering and saved as GIF (no resolution field in GIF).",
        ["dejavu-sans", "dejavu-sans-bold"],
        "original text",
    )


def sticker_alpha():
    """Shipping sticker cut out on a transparent background (RGBA PNG)."""
    W, H = 1300, 800
    img = Image.new("RGBA", (W, H), (255, 255, 255, 0))
    label = rounded_box((1160, 640), 60, (255, 140, 0, 255))
    d = ImageDraw.Draw(label)
    d.rounded_rectangle((28, 28, 1131, 611), 40, fill=(255, 246, 225, 255),
                        outline=(20, 20, 20, 255), width=8)
    black = (15, 15, 15, 255)
    d.text((580, 190), "FRAGILE", font=font("sans-bold", 190), fill=(200, 25, 20, 255), anchor="ms")
    d.text((580, 330), "HANDLE WITH CARE", font=font("sans-bold", 96), fill=black, anchor="ms")
    d.text((580, 440), "This side up", font=font("sans", 80), fill=black, anchor="ms")
    d.text((580, 540), "Glass - do not stack", font=font("sans", 64), fill=black, anchor="ms")
    layer = Image.new("RGBA", (W, H), (255, 255, 255, 0))
    layer.alpha_composite(label, (60, 60))
    img.alpha_composite(drop_shadow(layer, (14, 18), 12, 0.4))
    img.alpha_composite(layer)
    # keep fully transparent pixels white so a viewer that drops alpha still shows a clean image
    a = np.array(img)
    a[a[..., 3] == 0, :3] = 255
    img = Image.fromarray(a, "RGBA")
    lines = ["FRAGILE", "HANDLE WITH CARE", "This side up", "Glass - do not stack"]
    return Sample(
        "sticker_alpha", "png", img, lines,
        "Sticker with transparent background (RGBA)",
        "A cut-out orange shipping sticker with a cream inner panel and a black "
        "border, red and black text, and a semi-transparent soft drop shadow; "
        "everything outside the sticker is fully transparent (RGB stored as "
        "white). Text stays readable when composited over white. RGBA PNG.",
        ["sans", "sans-bold"],
        "original text",
    )


BUILDERS = [book_page, exam_page, receipt, street_sign, poster, app_screenshot,
            phone_photo_noisy, skewed_page, document_photo_12mp, price_tag,
            newsletter, form, slide, sticker_alpha]


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------

def save(sample):
    path = OUT / sample.filename
    opts = dict(sample.save)
    if sample.ext in ("png", "jpg", "tif", "bmp"):
        opts["dpi"] = (DPI, DPI)
    if sample.ext == "png":
        opts.setdefault("optimize", True)
    if sample.ext == "jpg":
        opts.setdefault("optimize", True)
    sample.image.save(path, **opts)
    (OUT / f"{sample.name}.txt").write_text("\n".join(sample.lines) + "\n", encoding="utf-8")
    return path


def mode_name(img):
    return {"L": "8-bit greyscale", "RGB": "24-bit RGB", "RGBA": "RGBA (with alpha)",
            "P": "8-bit palette"}.get(img.mode, img.mode)


def write_readme(samples):
    out = ["# Default image set",
           "",
           "Sample images for `filterocr`: text as a user would photograph or scan it.",
           "Each image `NAME.EXT` has its ground truth beside it in `NAME.txt`:",
           "UTF-8, one rendered text line per line in reading order, ending with a",
           "newline. Runs of spaces used only for alignment (receipt columns, price",
           "tag, toolbar) are written as a single space. Drawn shapes (rules,",
           "bullets, boxes) are not text and are not in the ground truth.",
           "",
           "All files are generated by `scripts/make-images.py` (run",
           "`python3 scripts/make-images.py` from the repository root); random",
           "effects use fixed seeds so the set is reproducible. Text is rendered",
           "with Pillow using fonts from Debian packages (fonts-liberation,",
           "fonts-urw-base35, fonts-noto-core, fonts-dejavu-core) with basic",
           "layout, so there are no ligatures; quotes and dashes are plain ASCII.",
           "Every format that can store a resolution (PNG, JPEG, TIFF, BMP) is",
           "saved at 300 DPI; WebP and GIF carry no resolution.",
           "",
           "## Licence",
           "",
           "Generated by scripts/make-images.py; texts are public domain or",
           "original. The fonts are only used to render the images; their",
           "licences (SIL Open Font License for Liberation and Noto, AGPL with",
           "font exception for URW base35, Bitstream Vera licence for DejaVu)",
           "place no restriction on the rendered pictures.",
           "",
           "## Images",
           "",
           "| file | size (px) | format | kind |",
           "| --- | --- | --- | --- |"]
    for s in samples:
        out.append(f"| `{s.filename}` | {s.image.width} x {s.image.height} | "
                   f"{FORMAT_NAMES[s.ext]}, {mode_name(s.image)} | {s.title} |")
    out.append("")
    for s in samples:
        fonts = ", ".join(f"{FONTS[k][1]} ({FONTS[k][2]})" for k in s.fonts)
        out += [f"### {s.filename}",
                "",
                f"- **Depicts:** {s.description}",
                f"- **Size and format:** {s.image.width} x {s.image.height} px, "
                f"{FORMAT_NAMES[s.ext]}, {mode_name(s.image)}"
                + (", 300 DPI" if s.ext in ("png", "jpg", "tif", "bmp") else "")
                + (f", {', '.join(f'{k} {v}' for k, v in s.save.items())}" if s.save else ""),
                f"- **Fonts:** {fonts}"]
        if s.challenge:
            out.append(f"- **Challenge:** {s.challenge}")
        out += [
                f"- **Text:** {s.source}",
                f"- **Made by:** `{s.name}()` in scripts/make-images.py; ground truth "
                f"`{s.name}.txt` ({len(s.lines)} lines)",
                ""]
    (OUT / "README.md").write_text("\n".join(out), encoding="utf-8")


def main(argv):
    """Build every image, or only the named ones (then README.md is left alone)."""
    check_fonts()
    OUT.mkdir(exist_ok=True)
    names = set(argv)
    unknown = names - {b.__name__ for b in BUILDERS}
    if unknown:
        sys.exit("unknown image(s): %s" % ", ".join(sorted(unknown)))
    samples = []
    for build in BUILDERS:
        if names and build.__name__ not in names:
            continue
        s = build()
        path = save(s)
        samples.append(s)
        print(f"{path.relative_to(ROOT)}  {s.image.width}x{s.image.height}  "
              f"{path.stat().st_size // 1024} KiB")
    if not names:
        write_readme(samples)
        print(f"{OUT.relative_to(ROOT)}/README.md")


if __name__ == "__main__":
    main(sys.argv[1:])
