import Foundation

/// Just enough of PNG (8-bit grey, RGB, grey+alpha or RGBA, not interlaced) and DEFLATE
/// (RFC 1951) to tell whether a browser's screenshot shows something: the pixels, and how many
/// distinct colours they hold. Test code: small and plain rather than fast.
struct PNGPixels {
    let width: Int
    let height: Int
    let channels: Int
    /// Row-major, `channels` bytes a pixel, filters undone.
    let pixels: [UInt8]

    struct Failure: Error, CustomStringConvertible { let description: String }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw Failure(description: "not a PNG") }
        func u32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8, width = 0, height = 0, depth = 0, colourType = 0, interlace = 0
        var idat: [UInt8] = []
        while at + 12 <= bytes.count {
            let length = u32(at), type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            guard at + 12 + length <= bytes.count else { throw Failure(description: "chunk \(type) runs past the end") }
            let body = at + 8
            switch type {
            case "IHDR":
                width = u32(body); height = u32(body + 4)
                depth = Int(bytes[body + 8]); colourType = Int(bytes[body + 9]); interlace = Int(bytes[body + 12])
            case "IDAT": idat += bytes[body..<body + length]
            default: break
            }
            at = body + length + 4
            if type == "IEND" { break }
        }
        let channelsOf = [0: 1, 2: 3, 4: 2, 6: 4]
        guard width > 0, height > 0, depth == 8, interlace == 0, let channels = channelsOf[colourType] else {
            throw Failure(description: "unsupported PNG: \(width)x\(height) depth \(depth) colour type \(colourType) interlace \(interlace)")
        }
        guard idat.count > 2 else { throw Failure(description: "no image data") }
        var inflater = Inflater(Array(idat[2...]))   // after the zlib header
        let raw = try inflater.inflate()
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure(description: "image data too short: \(raw.count) bytes") }
        var out = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)], src = y * (stride + 1) + 1, row = y * stride
            for x in 0..<stride {
                let a = x >= channels ? Int(out[row + x - channels]) : 0
                let b = y > 0 ? Int(out[row - stride + x]) : 0
                let c = x >= channels && y > 0 ? Int(out[row - stride + x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Failure(description: "bad filter \(filter) in row \(y)")
                }
                out[row + x] = UInt8((Int(raw[src + x]) + predictor) & 0xFF)
            }
        }
        self.width = width
        self.height = height
        self.channels = channels
        pixels = out
    }

    /// Distinct colours among every `step`-th pixel (alpha included).
    func distinctColours(step: Int = 1) -> Int {
        var seen = Set<UInt32>()
        var i = 0
        while i + channels <= pixels.count {
            var v: UInt32 = 0
            for k in 0..<channels { v = v << 8 | UInt32(pixels[i + k]) }
            seen.insert(v)
            i += channels * step
        }
        return seen.count
    }

    /// The share of pixels that differ from the top-left one (the page's background).
    var nonBackgroundFraction: Double {
        let first = pixels[0..<channels]
        var differing = 0
        var i = 0
        while i < pixels.count {
            if pixels[i..<i + channels] != first { differing += 1 }
            i += channels
        }
        return Double(differing) / Double(width * height)
    }
}

/// RFC 1951 decoding after the canonical-Huffman scheme of zlib's `puff.c`: stored, fixed and
/// dynamic blocks.
struct Inflater {
    private let input: [UInt8]
    private var position = 0, bitBuffer = 0, bitCount = 0
    private var output: [UInt8] = []

    init(_ input: [UInt8]) { self.input = input }

    private struct Huffman {
        var count = [Int](repeating: 0, count: 16)
        var symbol: [Int]
        init(lengths: [Int]) {
            symbol = [Int](repeating: 0, count: lengths.count)
            for l in lengths { count[l] += 1 }
            count[0] = 0
            var offset = [Int](repeating: 0, count: 16)
            for l in 1..<15 { offset[l + 1] = offset[l] + count[l] }
            for (s, l) in lengths.enumerated() where l != 0 { symbol[offset[l]] = s; offset[l] += 1 }
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]

    private mutating func bits(_ n: Int) throws -> Int {
        var value = bitBuffer
        while bitCount < n {
            guard position < input.count else { throw PNGPixels.Failure(description: "deflate stream ends early") }
            value |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        bitBuffer = value >> n
        bitCount -= n
        return value & ((1 << n) - 1)
    }

    private mutating func decode(_ h: Huffman) throws -> Int {
        var code = 0, first = 0, index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = h.count[length]
            if code - count < first { return h.symbol[index + (code - first)] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw PNGPixels.Failure(description: "bad Huffman code")
    }

    mutating func inflate() throws -> [UInt8] {
        var last = 0
        repeat {
            last = try bits(1)
            switch try bits(2) {
            case 0:
                bitBuffer = 0; bitCount = 0
                guard position + 4 <= input.count else { throw PNGPixels.Failure(description: "stored block header cut") }
                let length = Int(input[position]) | Int(input[position + 1]) << 8
                position += 4
                guard position + length <= input.count else { throw PNGPixels.Failure(description: "stored block cut") }
                output += input[position..<position + length]
                position += length
            case 1:
                var lengths = [Int](repeating: 8, count: 288)
                for s in 144..<256 { lengths[s] = 9 }
                for s in 256..<280 { lengths[s] = 7 }
                try codes(Huffman(lengths: lengths), Huffman(lengths: [Int](repeating: 5, count: 30)))
            case 2:
                let literals = try bits(5) + 257, distances = try bits(5) + 1, codeLengths = try bits(4) + 4
                let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
                var lengths = [Int](repeating: 0, count: 19)
                for k in 0..<codeLengths { lengths[order[k]] = try bits(3) }
                let lengthCode = Huffman(lengths: lengths)
                var all: [Int] = []
                while all.count < literals + distances {
                    let symbol = try decode(lengthCode)
                    switch symbol {
                    case 0..<16: all.append(symbol)
                    case 16:
                        guard let previous = all.last else { throw PNGPixels.Failure(description: "repeat with no length") }
                        all += [Int](repeating: previous, count: 3 + (try bits(2)))
                    case 17: all += [Int](repeating: 0, count: 3 + (try bits(3)))
                    default: all += [Int](repeating: 0, count: 11 + (try bits(7)))
                    }
                }
                try codes(Huffman(lengths: Array(all[0..<literals])), Huffman(lengths: Array(all[literals..<literals + distances])))
            default:
                throw PNGPixels.Failure(description: "bad block type")
            }
        } while last == 0
        return output
    }

    private mutating func codes(_ literal: Huffman, _ distance: Huffman) throws {
        while true {
            let symbol = try decode(literal)
            if symbol < 256 { output.append(UInt8(symbol)); continue }
            if symbol == 256 { return }
            let l = symbol - 257
            guard l < Inflater.lengthBase.count else { throw PNGPixels.Failure(description: "bad length symbol") }
            let length = Inflater.lengthBase[l] + (try bits(Inflater.lengthExtra[l]))
            let d = try decode(distance)
            guard d < Inflater.distanceBase.count else { throw PNGPixels.Failure(description: "bad distance symbol") }
            let back = Inflater.distanceBase[d] + (try bits(Inflater.distanceExtra[d]))
            guard back <= output.count else { throw PNGPixels.Failure(description: "distance too far back") }
            let start = output.count - back
            for k in 0..<length { output.append(output[start + k]) }
        }
    }
}
