import "server-only";
import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { getCurrentSession, type CurrentSession } from "@/lib/platform/auth/session";
import { AppError, parseOrThrow, toActionError, type ActionResult } from "@/lib/core/errors";
import { revalidatePublic, type PublicChange } from "@/lib/platform/site/cache-tags";
import { requireMembership } from "@/lib/platform/tenancy/guard";
import type { Membership } from "@/lib/platform/tenancy/membership";
import type { Permission } from "@/lib/platform/access/permissions";

/**
 * The two wrappers of every server action (`lib/<concern>/actions.ts`): who is calling is
 * resolved from the session (never from the action's arguments), the arguments are checked
 * with zod where the lib function does not, whatever is thrown becomes the one
 * `ActionResult` (`lib/core/errors.ts`), and what changed is revalidated. Actions hold no
 * try/catch of their own.
 */

/** An action that returns nothing answers `{ ok: true, data: undefined }`. */
type Data<T> = [T] extends [void] ? undefined : T;

interface ActionOptions<Args extends unknown[]> {
  /**
   * The arguments as a tuple, required: a server action is a public endpoint, and an id that
   * arrives as an object (`{ not: "" }`) would reach Prisma as a filter. Inputs the lib
   * function validates itself pass through `validatedByLib` (`lib/core/validation/common.ts`).
   */
  schema: z.ZodType<Args>;
  /** What to revalidate after a success. */
  revalidate?: {
    /** Paths with their type, e.g. the team page. */
    paths?: readonly (readonly [path: string, type: "page" | "layout"])[];
  };
  /** Where to go after a success (a redirect cannot be a result: it leaves the page). */
  redirectTo?: string;
}

export interface AdminActionOptions<Args extends unknown[]> extends ActionOptions<Args> {
  permission: Permission;
  /** i18n key of the forbidden message, when not the permission's own. */
  forbiddenMessageKey?: string;
  revalidate?: ActionOptions<Args>["revalidate"] & {
    /** The public pages of the caller's company (`revalidatePublic({ companyId })`). */
    company?: boolean;
  };
}

export interface AdminActionContext {
  membership: Membership;
  /** Expires the public pages showing what changed (applied once the action succeeded). */
  changed(change: PublicChange | null | undefined): void;
}

/** What both wrappers return: the server action itself. */
type Action<Args extends unknown[], T> = (...args: Args) => Promise<ActionResult<Data<T>>>;

/**
 * The action both wrappers build: caller first (a stranger learns nothing of the
 * arguments), then the arguments, then the work; `resolve` is the only part that differs.
 */
function action<Caller, Args extends unknown[], T>(
  options: ActionOptions<Args>,
  resolve: (log: Record<string, unknown>) => Promise<Caller>,
  work: (caller: Caller, args: Args) => Promise<T>,
): Action<Args, T> {
  return async (...args) => {
    const log: Record<string, unknown> = {};
    let data: T;
    try {
      const caller = await resolve(log);
      data = await work(caller, parseOrThrow(options.schema, args));
    } catch (error) {
      return toActionError(error, log);
    }
    for (const [path, type] of options.revalidate?.paths ?? []) revalidatePath(path, type);
    if (options.redirectTo) redirect(options.redirectTo);
    return { ok: true, data: data as Data<T> };
  };
}

/** A server action of the admin area: membership with `permission`, then `fn`. */
export function adminAction<Args extends unknown[], T>(
  options: AdminActionOptions<Args>,
  fn: (context: AdminActionContext, ...args: Args) => Promise<T>,
): Action<Args, T> {
  return action(
    options,
    async (log) => {
      const membership = await requireMembership(options.permission, options.forbiddenMessageKey);
      log.companyId = membership.company.id;
      return membership;
    },
    async (membership, checked) => {
      const changes: PublicChange[] = [];
      const changed = (change: PublicChange | null | undefined) => void (change && changes.push(change));
      const data = await fn({ membership, changed }, ...checked);
      if (options.revalidate?.company) revalidatePublic({ companyId: membership.company.id });
      for (const change of changes) revalidatePublic(change);
      return data;
    },
  );
}

/**
 * A server action of a signed-in user who may have no company yet (onboarding, accepting an
 * invitation, the account's sessions and theme): the session, then `fn`.
 */
export function sessionAction<Args extends unknown[], T>(
  options: ActionOptions<Args>,
  fn: (session: CurrentSession, ...args: Args) => Promise<T>,
): Action<Args, T> {
  return action(
    options,
    async (log) => {
      const session = await getCurrentSession();
      if (!session) throw new AppError("unauthorized", "auth.errors.signInRequired");
      log.userId = session.user.id;
      return session;
    },
    (session, checked) => fn(session, ...checked),
  );
}
