import { CalendarDays, ChartLine, CreditCard, Images, LayoutDashboard, Settings, Users } from "lucide-react";

/**
 * The admin sidebar (spec §2). `idle`: preloaded when the browser is idle; the others are
 * preloaded when their link is hovered or focused.
 */
export const adminNavItems = [
  { href: "/admin", key: "dashboard", Icon: LayoutDashboard, idle: true },
  { href: "/admin/content", key: "content", Icon: Images, idle: true },
  { href: "/admin/events", key: "events", Icon: CalendarDays, idle: true },
  { href: "/admin/leads", key: "leads", Icon: Users, idle: false },
  { href: "/admin/analytics", key: "analytics", Icon: ChartLine, idle: false },
  { href: "/admin/subscription", key: "subscription", Icon: CreditCard, idle: false },
  { href: "/admin/settings", key: "settings", Icon: Settings, idle: false },
] as const;

export function isActive(href: string, pathname: string): boolean {
  return href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`);
}
