#ifndef EPLINT_CLIBXML2_SHIM_H
#define EPLINT_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/entities.h>
#include <libxml/xmlversion.h>

// The one place eplint adapts to libxml2's version (2.9 through 2.15, and the SDK's on macOS).
// Since 2.12 a structured error handler receives `const xmlError *` (before, `xmlError *`).
// eplint's handler always takes the const pointer, and this installs it with the type the
// headers declare: the two differ only in the qualifier, so the call is the same on every ABI.
typedef void (*eplint_structured_error_handler)(void *user, const xmlError *error);

static inline void eplint_set_structured_error_handler(xmlSAXHandler *handler, eplint_structured_error_handler function) {
    handler->serror = (xmlStructuredErrorFunc)function;
}
#endif
