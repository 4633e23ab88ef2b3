import Foundation

// SwiftPM renames this executable's entry point, which hides libFuzzer's own main, so start
// libFuzzer here. The entry is reached by its C symbol: naming the @_cdecl function from
// this file would emit it twice.
@_extern(c, "LLVMFuzzerTestOneInput")
func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32

@_extern(c, "LLVMFuzzerRunDriver")
func fuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                     _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(fuzzerRunDriver(&argc, &argv, fuzzerTestOneInput))
