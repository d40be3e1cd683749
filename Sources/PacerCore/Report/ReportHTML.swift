/// The frame every report page shares: a complete HTML5 document with its style inline (no
/// script, no fetch: the page is opened from a file share or a phone's downloads), light and
/// dark colours from `prefers-color-scheme`, and a viewport for phones.
public enum ReportHTML {
    /// Starts a page; the caller appends the body and then `end`.
    public static func begin(title: String, heading: String, dashboard: Bool = false, into h: inout XMLText) {
        h.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
              + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
              + "<meta name=\"color-scheme\" content=\"light dark\"><meta name=\"generator\" content=\"pacerctl report\"><title>")
        h.escaped(title)
        h.raw("</title><style>" + style + (dashboard ? dashboardStyle : "") + "</style></head><body><header><h1>")
        h.escaped(heading)
        h.raw("</h1></header><main>\n")
    }

    public static func end(footer: String, into h: inout XMLText) {
        h.raw("</main><footer>"); h.escaped(footer); h.raw("</footer></body></html>\n")
    }

    /// `<section><h2>title</h2>`; the caller closes it with `</section>`.
    public static func section(_ title: String, id: String, into h: inout XMLText) {
        h.raw("<section id=\"" + id + "\"><h2>"); h.escaped(title); h.raw("</h2>")
    }

    /// A plain table (not a chart's numbers): records, awards, laps.
    public static func table(_ head: [String], _ rows: [[String]], cssClass: String, into h: inout XMLText) {
        h.raw("<table class=\"" + cssClass + "\"><thead><tr>")
        for c in head { h.raw("<th>"); h.escaped(c); h.raw("</th>") }
        h.raw("</tr></thead><tbody>")
        for r in rows {
            h.raw("<tr>")
            for c in r { h.raw("<td>"); h.escaped(c); h.raw("</td>") }
            h.raw("</tr>")
        }
        h.raw("</tbody></table>\n")
    }

    /// `<p class="note">` with escaped text.
    public static func note(_ text: String, into h: inout XMLText) {
        h.raw("<p class=\"note\">"); h.escaped(text); h.raw("</p>\n")
    }

    static let style = """
    :root{--bg:#fbfbfa;--fg:#1d232a;--muted:#66707a;--line:#d9dde1;--card:#fff;--bar:#2f7fc1;--goal:#d9480f;--area:#9cc6e8;\
    --ctl:#2f7fc1;--atl:#c2255c;--tsb:#2b8a3e;--done:#2b8a3e;--missed:#e8590c;--ring:#e6e9ec;--z1:#e7f5ff;--z2:#e6fcf5;\
    --z3:#fff9db;--z4:#fff4e6;--z5:#fff0f6;--route:#c2255c}
    @media (prefers-color-scheme:dark){:root{--bg:#14181c;--fg:#e8ecef;--muted:#9aa4ad;--line:#2e353c;--card:#1c2126;\
    --bar:#4dabf7;--goal:#ff8787;--area:#1c4a6e;--ctl:#4dabf7;--atl:#f783ac;--tsb:#69db7c;--done:#69db7c;--missed:#ff922b;\
    --ring:#2e353c;--z1:#1a2a38;--z2:#16302a;--z3:#33300f;--z4:#3a2a12;--z5:#3a1827;--route:#f783ac}}
    *{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
    header,main,footer{max-width:980px;margin:0 auto;padding:0 12px}h1{font-size:1.5em;margin:16px 0 4px}h2{font-size:1.15em;margin:0 0 8px}
    section{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px;margin:12px 0;overflow-x:auto}
    figure.route svg{max-width:460px;margin:0 auto}
    .charts{display:grid;grid-template-columns:repeat(auto-fit,minmax(260px,1fr));gap:12px}figure{margin:0}svg{width:100%;height:auto;display:block}figcaption{font-size:.85em;color:var(--muted)}
    svg text{fill:var(--muted);font-size:11px}.grid{stroke:var(--line);stroke-width:1}
    .line{stroke:var(--bar);stroke-width:2;fill:none}.area{fill:var(--area);stroke:none}.band.z1{fill:var(--z1)}.band.z2{fill:var(--z2)}.band.z3{fill:var(--z3)}.band.z4{fill:var(--z4)}.band.z5{fill:var(--z5)}
    polyline.route{stroke:var(--route);stroke-width:3;stroke-linejoin:round;stroke-linecap:round}circle.start{fill:var(--done)}
    polyline.course{stroke:#9aa0a6;stroke-width:7;stroke-opacity:.45;stroke-linejoin:round;stroke-linecap:round}
    polyline.off-course{stroke:#d93025;stroke-width:4;stroke-linejoin:round;stroke-linecap:round}
    rect.finish{fill:var(--fg)}circle.km{fill:var(--card);stroke:var(--route);stroke-width:1.5}text.km{fill:var(--fg);font-size:7px;text-anchor:middle}
    table{border-collapse:collapse;width:100%;font-size:.92em;font-variant-numeric:tabular-nums}th,td{text-align:left;padding:3px 6px;border-bottom:1px solid var(--line)}
    details{margin:4px 0 8px;color:var(--muted)}summary{cursor:pointer;font-size:.85em}text.y{text-anchor:end;dominant-baseline:middle}text.x{text-anchor:middle}
    .note,footer{color:var(--muted);font-size:.9em}.tiles{display:flex;flex-wrap:wrap;gap:8px}.tile{flex:1 1 120px;border:1px solid var(--line);\
    border-radius:8px;padding:6px 10px}.tile b{display:block;font-size:1.35em}a{color:var(--bar)}
    """

    /// What only the dashboard draws: bars, goal rules, load lines, rings, habit marks.
    static let dashboardStyle = """
    .bar{fill:var(--bar)}line.goal{stroke:var(--goal);stroke-width:2;stroke-dasharray:6 4}.cal svg{max-width:380px}.cal text{text-anchor:middle}\
    .ctl{stroke:var(--ctl)}.atl{stroke:var(--atl)}.tsb{stroke:var(--tsb)}text.ctl{fill:var(--ctl)}text.atl{fill:var(--atl)}\
    text.tsb{fill:var(--tsb)}.e1rm{stroke:var(--atl)}text.e1rm{fill:var(--atl)}.ring-bg{fill:none;stroke:var(--ring)}\
    .ring{fill:none;stroke:var(--done);stroke-linecap:round}.ring.part{stroke:var(--bar)}.cal text.date{fill:var(--muted);font-size:9px}\
    .cal .today text.date{fill:var(--fg);font-weight:bold}.dot{fill:var(--bar)}.done{fill:var(--done)}.missed{fill:var(--missed)}\
    .pending{fill:none;stroke:var(--missed)}.unscheduled{fill:var(--ring)}.future{fill:none;stroke:var(--ring)}
    """
}
