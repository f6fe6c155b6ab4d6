#ifndef EPLINT_CLIBXML2_SHIM_H
#define EPLINT_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
#endif
