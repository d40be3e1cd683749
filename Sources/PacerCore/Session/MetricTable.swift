/// What a metric table's rows are written with: `Metric(...)`, `FIT(...)`, `Column(...)` for the
/// table of the type they are in.
protocol MetricTable {}

extension MetricTable {
    typealias Metric = SessionMetric<Self>
    typealias Line = Metric.Line
    typealias FIT = Metric.FIT
    typealias TCX = Metric.TCX
    typealias Column = Metric.Column
}
