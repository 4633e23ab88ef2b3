#ifndef CJAVASCRIPTCORE_SHIM_H
#define CJAVASCRIPTCORE_SHIM_H
#include <JavaScriptCore/JavaScript.h>
// Exported by libjavascriptcoregtk-4.1 but its private header is not installed.
typedef bool (*JSShouldTerminateCallback)(JSContextRef ctx, void *context);
void JSContextGroupSetExecutionTimeLimit(JSContextGroupRef group, double limit,
                                         JSShouldTerminateCallback callback, void *context);
void JSContextGroupClearExecutionTimeLimit(JSContextGroupRef group);
#endif
