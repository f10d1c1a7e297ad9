import { describe, expect, it } from "vitest";
import { analyticsCsv, analyticsCsvFileName } from "@/lib/features/analytics/csv";
import { emptyMetrics, type AnalyticsRow } from "@/lib/features/analytics/metrics";

const range = { from: "2026-11-01", to: "2026-11-30" };
const row = (over: Partial<AnalyticsRow>): AnalyticsRow => ({
  id: "c1",
  name: "Clip",
  detail: "single",
  ...emptyMetrics(),
  ...over,
});

describe("analyticsCsv", () => {
  it("writes a BOM, the header and one CRLF record per row with every metric", () => {
    const csv = analyticsCsv(
      [
        row({
          views: 12,
          uniqueVisitors: 9,
          likes: 3,
          shares: 2,
          comments: 1,
          downloads: 4,
          leads: 2,
          watchSeconds: 600,
        }),
      ],
      "content",
      range,
    );
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "content_id,content,kind,from,to,views,unique_visitors,likes,shares,comments,downloads,leads,watch_seconds",
      "c1,Clip,single,2026-11-01,2026-11-30,12,9,3,2,1,4,2,600",
      "",
    ]);
  });

  it("escapes commas, quotes and newlines, and neutralises formulas in names", () => {
    const csv = analyticsCsv(
      [row({ name: 'Live, "raw"\nfinal' }), row({ id: "e2", name: "=SUM(A1)", detail: null })],
      "event",
      range,
    );
    const [header, first, second] = csv.slice(1).split("\r\n");
    expect(header).toMatch(/^event_id,event,event_date,from,to,/);
    expect(first).toBe('c1,"Live, ""raw""\nfinal",single,2026-11-01,2026-11-30,0,0,0,0,0,0,0,0');
    expect(second).toBe("e2,'=SUM(A1),,2026-11-01,2026-11-30,0,0,0,0,0,0,0,0");
  });

  it("names the file after the breakdown and the range", () => {
    expect(analyticsCsvFileName("event", range)).toBe("analytics-event-2026-11-01-to-2026-11-30.csv");
  });
});
