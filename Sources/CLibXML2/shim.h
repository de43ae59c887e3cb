#ifndef FILTEROCR_CLIBXML2_SHIM_H
#define FILTEROCR_CLIBXML2_SHIM_H

// libxml2 reads and writes the XMP packets of PDFs (Sources/CPDFGraft/metadata.cpp), which
// includes its headers itself; this module gives that target their place, from pkg-config.
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlsave.h>

#endif
