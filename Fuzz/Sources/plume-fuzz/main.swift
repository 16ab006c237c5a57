// plume-fuzz: Plume's fuzz targets (Fuzz/README.md).
//
// Built by Fuzz/run.sh with `-sanitize=fuzzer -DPLUME_FUZZING`, libFuzzer
// provides `main` and calls `LLVMFuzzerTestOneInput` with the target that
// `PLUME_FUZZ_TARGET` names. Built plainly (as `swift build` does), this is
// a replayer that runs files through a target, so that a crash found by a
// fuzzer reproduces in a debugger:
//
//     plume-fuzz --list
//     plume-fuzz TARGET FILE...
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if PLUME_FUZZING
/// libFuzzer's entry point: one input through the target that
/// `PLUME_FUZZ_TARGET` names (checked at the first call).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    FuzzTarget.selected.run(&input)
    return 0
}
#else
FuzzTarget.replay(CommandLine.arguments)
#endif
