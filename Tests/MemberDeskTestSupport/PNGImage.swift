import Foundation

/// An 8-bit RGB or RGBA PNG, decoded to pixels: enough to tell a rendered page from a blank one.
public struct PNGImage {
    public let width: Int
    public let height: Int
    /// RGBA, 4 bytes a pixel, row after row.
    public let rgba: [UInt8]

    public init(contentsOf path: String) throws {
        try self.init(data: [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    public init(data: [UInt8]) throws {
        guard data.count > 8, data[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Inflate.Failure(description: "not a PNG")
        }
        func uint32(_ at: Int) -> Int { Int(data[at]) << 24 | Int(data[at + 1]) << 16 | Int(data[at + 2]) << 8 | Int(data[at + 3]) }
        var position = 8, width = 0, height = 0, colourType = 0
        var compressed: [UInt8] = []
        while position + 8 <= data.count {
            let length = uint32(position)
            let type = String(decoding: data[(position + 4)..<(position + 8)], as: UTF8.self)
            let body = position + 8
            guard body + length <= data.count else { throw Inflate.Failure(description: "PNG chunk \(type) ends early") }
            switch type {
            case "IHDR":
                width = uint32(body)
                height = uint32(body + 4)
                colourType = Int(data[body + 9])
                guard data[body + 8] == 8, colourType == 2 || colourType == 6, data[body + 12] == 0 else {
                    throw Inflate.Failure(description: "PNG not 8-bit RGB/RGBA, non-interlaced")
                }
            case "IDAT": compressed += data[body..<(body + length)]
            default: break
            }
            position = body + length + 4
        }
        let channels = colourType == 6 ? 4 : 3
        let raw = try Inflate.zlib(compressed)
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Inflate.Failure(description: "PNG data too short") }
        var pixels = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let source = row * (stride + 1) + 1, target = row * stride
            for x in 0..<stride {
                let a = x >= channels ? Int(pixels[target + x - channels]) : 0
                let b = row > 0 ? Int(pixels[target - stride + x]) : 0
                let c = x >= channels && row > 0 ? Int(pixels[target - stride + x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Inflate.Failure(description: "PNG filter \(filter)")
                }
                pixels[target + x] = UInt8((Int(raw[source + x]) + predictor) & 0xFF)
            }
        }
        self.width = width
        self.height = height
        if channels == 4 {
            rgba = pixels
        } else {
            var expanded = [UInt8](repeating: 255, count: width * height * 4)
            for index in 0..<(width * height) {
                expanded[index * 4] = pixels[index * 3]
                expanded[index * 4 + 1] = pixels[index * 3 + 1]
                expanded[index * 4 + 2] = pixels[index * 3 + 2]
            }
            rgba = expanded
        }
    }

    /// How many pixels have each RGB colour (0xRRGGBB).
    public var colourCounts: [Int: Int] {
        var counts: [Int: Int] = [:]
        for index in stride(from: 0, to: rgba.count, by: 4) {
            counts[Int(rgba[index]) << 16 | Int(rgba[index + 1]) << 8 | Int(rgba[index + 2]), default: 0] += 1
        }
        return counts
    }
}
