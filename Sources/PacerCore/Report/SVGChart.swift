/// Inline SVG charts for the report pages: bars per period and lines or an area along an axis.
/// Every chart is a `<figure>` holding an `<svg>` with a `<title>` and, below it, a `<table>`
/// of the numbers it draws, so a reader without the picture (or a test) gets the same values.
/// Marks carry their values as `data-` attributes: a bar is
/// `<rect class="bar" data-period="2026-W14" data-value="12.30">`. Pure: text in, text out.
public enum SVGChart {
    /// Bar charts sit three abreast, line charts take the page's width: each gets a viewBox
    /// of about its drawn size so that its 11 px labels stay readable.
    public static let barWidth = 400.0, lineWidth = 640.0
    static let height = 220.0
    static let left = 48.0, right = 10.0, top = 14.0, bottom = 26.0
    static var plotHeight: Double { height - top - bottom }

    /// One slot on a bar chart's axis; `value` nil draws no bar (a period without data).
    public struct BarSlot: Equatable, Sendable {
        public var period: String
        public var axisLabel: String
        public var value: Double?
        public init(period: String, axisLabel: String, value: Double?) {
            self.period = period
            self.axisLabel = axisLabel
            self.value = value
        }
    }

    /// One line of an x/y chart; `values[k]` belongs to `xs[k]`, nil is a gap.
    public struct Series: Sendable {
        public var name: String
        public var cssClass: String
        public var values: [Double?]
        public init(name: String, cssClass: String, values: [Double?]) {
            self.name = name
            self.cssClass = cssClass
            self.values = values
        }
    }

    /// A horizontal band behind the lines (a heart-rate zone).
    public struct Band: Sendable {
        public var low: Double, high: Double
        public var cssClass: String, label: String
        public init(low: Double, high: Double, cssClass: String, label: String) {
            self.low = low
            self.high = high
            self.cssClass = cssClass
            self.label = label
        }
    }

    /// Bars over `slots`, with a dashed rule at `goal` when one is set.
    public static func bars(id: String, title: String, unit: String, slots: [BarSlot], decimals: Int, goal: Double?,
                            width: Double = barWidth, into h: inout XMLText) {
        let plotWidth = width - left - right
        let maximum = max(slots.compactMap(\.value).max() ?? 0, goal ?? 0)
        let scale = Scale(low: 0, high: maximum)
        open(id: id, title: title, kind: "bars", unit: unit, width: width, into: &h)
        grid(scale, decimals: decimals, width: width, into: &h)
        let step = plotWidth / Double(max(slots.count, 1))
        for (k, slot) in slots.enumerated() {
            let x = left + Double(k) * step
            if let v = slot.value {
                let y = scale.y(v)
                h.raw("<rect class=\"bar\" data-period=\""); h.escaped(slot.period)
                h.raw("\" data-value=\"" + UnitSystem.fixed(v, decimals) + "\" x=\"" + f(x + step * 0.12) + "\" y=\"" + f(y)
                      + "\" width=\"" + f(step * 0.76) + "\" height=\"" + f(top + plotHeight - y) + "\"><title>")
                h.escaped(slot.period + ": " + UnitSystem.fixed(v, decimals) + " " + unit)
                h.raw("</title></rect>")
            }
            // Every label when they fit, else every other one.
            if slots.count <= 12 || k % 2 == (slots.count - 1) % 2 {
                h.raw("<text class=\"x\""); h.attribute("x", x + step / 2); h.attribute("y", height - 8); h.raw(">")
                h.escaped(slot.axisLabel)
                h.raw("</text>")
            }
        }
        if let goal {
            let y = f(scale.y(goal))
            h.raw("<line class=\"goal\" data-value=\"" + UnitSystem.fixed(goal, decimals) + "\" x1=\"" + f(left) + "\" x2=\"" + f(width - right)
                  + "\" y1=\"" + y + "\" y2=\"" + y + "\"><title>goal " + UnitSystem.fixed(goal, decimals) + " " + unit + "</title></line>")
        }
        h.raw("</svg>")
        table(head: ["Period", unit], rows: slots.compactMap { s in s.value.map { [s.period, UnitSystem.fixed($0, decimals)] } },
              into: &h)
        h.raw("</figure>\n")
    }

    /// Lines (or, with `area`, the first series filled down to the axis) over shared `xs`.
    /// `invertY` puts small values at the top (pace: faster is higher).
    public static func lines(id: String, title: String, xTitle: String, xs: [Double], series: [Series], decimals: Int,
                             xFormat: AxisFormat, area: Bool = false, invertY: Bool = false, bands: [Band] = [],
                             zeroBased: Bool = false, yText: ((Double) -> String)? = nil, width: Double = lineWidth, into h: inout XMLText) {
        let plotWidth = width - left - right
        let values = series.flatMap { $0.values.compactMap { $0 } }
        var low = values.min() ?? 0, high = values.max() ?? 1
        if zeroBased { low = min(low, 0) }
        for b in bands where b.low < high && b.high > low { low = min(low, b.low); high = max(high, min(b.high, high)) }
        var scale = Scale(low: low, high: high)
        scale.inverted = invertY
        let x0 = xs.first ?? 0, x1 = max(xs.last ?? 1, x0 + 1e-9)
        func x(_ v: Double) -> Double { left + (v - x0) / (x1 - x0) * plotWidth }
        open(id: id, title: title, kind: area ? "area" : "lines", unit: "", width: width, into: &h)
        for b in bands {
            let lo = max(b.low, scale.low), hi = min(b.high, scale.high)
            guard lo < hi else { continue }
            let ya = scale.y(hi), yb = scale.y(lo)
            h.raw("<rect class=\"band " + b.cssClass + "\"")
            h.attribute("x", left); h.attribute("y", min(ya, yb)); h.attribute("width", plotWidth); h.attribute("height", abs(yb - ya))
            h.raw("><title>"); h.escaped(b.label); h.raw("</title></rect>")
        }
        grid(scale, decimals: decimals, text: yText, width: width, into: &h)
        // Points go straight into the page (no String per number): a full report writes millions.
        func points(_ values: [Double?]) {
            for (i, v) in values.enumerated() {
                guard let v, i < xs.count else { continue }
                h.number(x(xs[i]), 1); h.bytes.append(UInt8(ascii: ",")); h.number(scale.y(v), 1); h.bytes.append(UInt8(ascii: " "))
            }
        }
        for (k, s) in series.enumerated() {
            guard let first = s.values.indices.first(where: { s.values[$0] != nil && $0 < xs.count }) else { continue }
            if area && k == 0 {
                let last = s.values.indices.last { s.values[$0] != nil && $0 < xs.count }!
                let base = invertY ? top + plotHeight : scale.y(max(scale.low, 0))
                h.raw("<polygon class=\"area " + s.cssClass + "\" points=\""); h.number(x(xs[first]), 1); h.raw(","); h.number(base, 1); h.raw(" ")
                points(s.values)
                h.number(x(xs[last]), 1); h.raw(","); h.number(base, 1); h.raw("\"/>")
            }
            h.raw("<polyline class=\"line " + s.cssClass + "\" data-series=\""); h.escaped(s.name)
            h.raw("\" fill=\"none\" points=\"")
            points(s.values)
            h.raw("\"/>")
        }
        for k in 0..<5 {
            let v = x0 + (x1 - x0) * Double(k) / 4
            h.raw("<text class=\"x\""); h.attribute("x", x(v)); h.attribute("y", height - 8)
            h.raw(k == 0 ? " style=\"text-anchor:start\">" : k == 4 ? " style=\"text-anchor:end\">" : ">")
            h.escaped(xFormat.text(v))
            h.raw("</text>")
        }
        if series.count > 1 {
            var lx = left + 6
            for s in series {
                h.raw("<text class=\"legend " + s.cssClass + "\""); h.attribute("x", lx); h.attribute("y", top + 10)
                h.raw(">"); h.escaped(s.name); h.raw("</text>")
                lx += Double(s.name.count) * 7 + 14
            }
        }
        h.raw("</svg>")
        tableHead(head: [xTitle + xFormat.headSuffix] + series.map(\.name), into: &h)
        // HTML lets a cell and a row end where the next begins: half the bytes of a long table.
        for i in xs.indices {
            h.raw("<tr><td>")
            xFormat.write(xs[i], into: &h)
            for s in series {
                h.raw("<td>")
                if let v = s.values[i] { h.number(v, decimals) }
            }
        }
        h.raw("</tbody></table></details></figure>\n")
    }

    /// Averages `values` over at most `count` equal runs of `xs` (nil values left out), so a
    /// long session draws and tabulates a few hundred points, not thousands.
    public static func downsample(xs: [Double], values: [[Double?]], to count: Int) -> (xs: [Double], values: [[Double?]]) {
        guard xs.count > count, count > 0 else { return (xs, values) }
        var outX: [Double] = []
        var outV = [[Double?]](repeating: [], count: values.count)
        outX.reserveCapacity(count)
        for b in 0..<count {
            let lo = b * xs.count / count, hi = (b + 1) * xs.count / count
            guard lo < hi else { continue }
            outX.append(xs[hi - 1])
            for s in values.indices {
                var sum = 0.0, n = 0
                for i in lo..<hi { if let v = values[s][i] { sum += v; n += 1 } }
                outV[s].append(n > 0 ? sum / Double(n) : nil)
            }
        }
        return (outX, outV)
    }

    // MARK: - parts

    private static func open(id: String, title: String, kind: String, unit: String, width: Double, into h: inout XMLText) {
        h.raw("<figure class=\"chart\" id=\"" + id + "\"><figcaption>"); h.escaped(title)
        h.raw("</figcaption><svg class=\"" + kind + "\" viewBox=\"0 0 " + f(width) + " " + f(height)
              + "\" role=\"img\" aria-labelledby=\"" + id + "-title\" xmlns=\"http://www.w3.org/2000/svg\"")
        if !unit.isEmpty { h.raw(" data-unit=\""); h.escaped(unit); h.raw("\"") }
        h.raw("><title id=\"" + id + "-title\">"); h.escaped(title); h.raw("</title>")
    }

    private static func grid(_ scale: Scale, decimals: Int, text: ((Double) -> String)? = nil, width: Double, into h: inout XMLText) {
        for v in scale.ticks {
            let y = scale.y(v)
            h.raw("<line class=\"grid\""); h.attribute("x1", left); h.attribute("x2", width - right); h.attribute("y1", y); h.attribute("y2", y)
            h.raw("/><text class=\"y\""); h.attribute("x", left - 4); h.attribute("y", y)
            h.raw(">" + (text?(v) ?? tick(v, step: scale.step, decimals: decimals)) + "</text>")
        }
    }

    /// An axis label: `250k`, `1.5M` for big numbers, else as many decimals as the step needs.
    static func tick(_ v: Double, step: Double, decimals: Int) -> String {
        if abs(v) >= 1_000_000 { return UnitSystem.fixed(v / 1_000_000, step.truncatingRemainder(dividingBy: 1_000_000) == 0 ? 0 : 1) + "M" }
        if abs(v) >= 10_000 { return UnitSystem.fixed(v / 1000, step.truncatingRemainder(dividingBy: 1000) == 0 ? 0 : 1) + "k" }
        return UnitSystem.fixed(v, step < 1 ? max(1, min(decimals, 2)) : 0)
    }

    static func table(head: [String], rows: [[String]], into h: inout XMLText) {
        tableHead(head: head, into: &h)
        for r in rows {
            h.raw("<tr>")
            for c in r { h.raw("<td>"); h.escaped(c); h.raw("</td>") }
            h.raw("</tr>")
        }
        h.raw("</tbody></table></details>")
    }

    /// Opens a chart's numbers (named by the figure's caption): the `<details>`, the table and
    /// its head; `<tbody>` is left open.
    static func tableHead(head: [String], into h: inout XMLText) {
        h.raw("<details><summary>Numbers</summary><table><thead><tr>")
        for c in head { h.raw("<th>"); h.escaped(c); h.raw("</th>") }
        h.raw("</tr></thead><tbody>")
    }

    /// How an x axis reads: a number with a unit, a duration, or a day.
    public enum AxisFormat: Sendable {
        case number(decimals: Int, unit: String)
        /// Seconds as `h:mm:ss`.
        case clock
        /// Day numbers as `YYYY-MM-DD`.
        case date

        func text(_ v: Double) -> String {
            switch self {
            case let .number(decimals, unit): UnitSystem.fixed(v, decimals) + " " + unit
            case .clock: UnitSystem.clock(v)
            case .date: LocalCalendar.dateString(day: v.clampedInt())
            }
        }

        /// A table cell: the unit is in the column's head.
        func write(_ v: Double, into h: inout XMLText) {
            switch self {
            case let .number(decimals, _): h.number(v, decimals)
            case .clock: h.clock(v)
            case .date: h.raw(LocalCalendar.dateString(day: v.clampedInt()))
            }
        }

        var headSuffix: String {
            if case let .number(_, unit) = self { return " (" + unit + ")" }
            return ""
        }
    }

    /// Coordinates with one decimal: enough for a 640-wide picture, short in the file.
    static func f(_ v: Double) -> String { UnitSystem.fixed(v, 1) }

    /// The y axis: a range widened to round ticks.
    struct Scale {
        var low: Double, high: Double, step: Double
        var inverted = false

        init(low: Double, high: Double) {
            var lo = low, hi = high
            if !(hi > lo) { hi = lo + 1 }
            let raw = (hi - lo) / 4
            var magnitude = 1.0
            while magnitude * 10 <= raw { magnitude *= 10 }
            while magnitude > raw, magnitude > 1e-6 { magnitude /= 10 }
            let step = [1.0, 2, 2.5, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? magnitude * 10
            lo = (lo / step).rounded(.down) * step
            hi = (hi / step).rounded(.up) * step
            self.low = lo
            self.high = hi
            self.step = step
        }

        var ticks: [Double] {
            var out: [Double] = []
            var v = low
            while v <= high + step / 2, out.count < 12 { out.append(v); v += step }
            return out
        }

        func y(_ v: Double) -> Double {
            let t = (v - low) / (high - low)
            return inverted ? SVGChart.top + t * SVGChart.plotHeight : SVGChart.top + (1 - t) * SVGChart.plotHeight
        }
    }
}
