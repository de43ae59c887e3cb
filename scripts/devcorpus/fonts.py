"""Fonts: the font families a page may name, the Debian package of each and its licence."""

FONT_PACKAGES = {
    "DejaVu Serif": "fonts-dejavu-core", "DejaVu Sans": "fonts-dejavu-core",
    "DejaVu Sans Mono": "fonts-dejavu-core", "DejaVu Serif Condensed": "fonts-dejavu-extra",
    "DejaVu Sans Condensed": "fonts-dejavu-extra", "Nimbus Roman": "fonts-urw-base35",
    "Nimbus Sans": "fonts-urw-base35", "Nimbus Mono PS": "fonts-urw-base35",
    "C059": "fonts-urw-base35", "P052": "fonts-urw-base35", "URW Bookman": "fonts-urw-base35",
    "URW Gothic": "fonts-urw-base35", "Z003": "fonts-urw-base35",
}

LICENCES = {
    "fonts-dejavu-core": "Bitstream Vera Fonts licence (copyright 2003 Bitstream, Inc.); DejaVu "
                         "changes in the public domain",
    "fonts-dejavu-extra": "Bitstream Vera Fonts licence (copyright 2003 Bitstream, Inc.); DejaVu "
                          "changes in the public domain",
    "fonts-urw-base35": "AGPL-3 with a font exception (copyright 2015 URW Software, 2013-2014 "
                        "(URW)++ Design & Development)",
}
