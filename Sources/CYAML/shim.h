#ifndef EPLINT_CYAML_SHIM_H
#define EPLINT_CYAML_SHIM_H
#include <yaml.h>
#endif
