import Foundation

/// LibreOffice Calc without a screen: opens a `.csv` as a person double-clicking it would (UTF-8,
/// comma, standard column types, so a run of digits becomes a number) and saves it back as CSV,
/// keeping the format. The spreadsheet round trip's real second half.
public enum HeadlessLibreOffice {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Opens `file` in Calc and saves it as CSV over itself.
    public static func openAndSave(csv file: String) throws {
        guard let executable = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "LibreOffice is not installed (scripts/setup-deps.sh installs libreoffice-calc-nogui)")
        }
        let scratch = try TemporaryDirectory()
        let log = scratch.path + "/soffice.txt"
        let process = try ChildProcess(executable, [
            "-env:UserInstallation=file://\(scratch.path)/profile", "--headless", "--norestore",
            // Import: comma, double quote, UTF-8 (76), from line 1. Export: the same, text quoted as needed.
            "--infilter=CSV:44,34,76,1", "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1",
            "--outdir", scratch.path + "/out", file,
        ], environment: ["HOME": scratch.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"], stdout: .file(log), stderr: .stdout)
        // A safety net, not a timing: a hung office fails the test instead of stalling the run.
        let ended = process.wait(timeout: 300) ?? process.killAndWait()
        let saved = scratch.path + "/out/" + URL(fileURLWithPath: file).lastPathComponent
        guard ended == .exited(0), FileManager.default.fileExists(atPath: saved) else {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            throw Failure(description: "soffice ended \(ended) without saving: \(said.suffix(2000))")
        }
        try? FileManager.default.removeItem(atPath: file)
        try FileManager.default.moveItem(atPath: saved, toPath: file)
    }
}
