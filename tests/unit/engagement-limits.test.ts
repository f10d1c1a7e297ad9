import { describe, expect, it } from "vitest";
import { limitChecks, type EngagementLimits } from "@/lib/platform/visitors/limits";

const limits: EngagementLimits = {
  windowSeconds: 60,
  perVisitor: { like: 60, comment: 10, share: 30, download: 30, view: 120, watchTime: 20 },
  anonPerIp: 30,
};
const fan = { id: "0b6d7f0e-3f8e-4c1a-9a57-1b2c3d4e5f60", isNew: false };
const cookieless = { id: "5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", isNew: true };

describe("the fan limit rules", () => {
  it("count a fan with a cookie against the fan only, never the shared address", () => {
    expect(limitChecks(limits, "like", fan, "ip-hash")).toEqual([{ key: `eng:like:v:${fan.id}`, limit: 60 }]);
    expect(limitChecks(limits, "comment", fan, null)).toEqual([
      { key: `eng:comment:v:${fan.id}`, limit: 10 },
    ]);
  });

  it("count a request without a cookie against its address, all actions together", () => {
    expect(limitChecks(limits, "like", cookieless, "ip-hash")).toEqual([
      { key: "eng:anon:ip:ip-hash", limit: 30 },
    ]);
    expect(limitChecks(limits, "view", cookieless, "ip-hash")).toEqual([
      { key: "eng:anon:ip:ip-hash", limit: 30 },
    ]);
  });

  it("do not guess a bucket when neither a cookie nor a trusted address is known", () => {
    expect(limitChecks(limits, "like", cookieless, null)).toEqual([]);
  });
});
