"use client";

import { Download, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/lazy-toast";
import {
  engagementClient,
  type ApiFailure,
  type ApiResult,
  type LeadInput,
} from "@/components/engagement/api";
import { useEngagement } from "@/components/engagement/engagement-provider";
import { pillButton } from "@/components/ui/pill-styles";
import { useMessage } from "@/components/engagement/use-message";
import { favouriteWritesSettled } from "@/components/engagement/use-favourites";

// The lead form (its dialog and its validation) loads when a fan first needs it.
const LeadDialog = dynamic(() => import("@/components/engagement/lead-dialog").then((m) => m.LeadDialog), {
  ssr: false,
});

/** Hands the signed URL to the browser; its attachment disposition makes it a download, not a navigation. */
function saveFile(url: string, fileName: string) {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.rel = "noopener";
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

/** The server sets `ag_zip={ticket}` when the ZIP starts streaming (lib/features/engagement/download-all.ts). */
const zipStarted = (ticket: string) => document.cookie.split(/;\s*/).includes(`ag_zip=${ticket}`);
const ZIP_POLL_MS = 250;
/** Past this the button gives up waiting (the browser's download bar has the last word anyway). */
const ZIP_WAIT_MS = 2 * 60 * 1000;

/**
 * Download of the content's file (the photo or video on screen for galleries), or with `all`
 * the whole photo gallery as one ZIP (its URL streams the archive; the browser saves it as it
 * arrives). A ZIP takes a moment to start, and the browser shows nothing until it does, so the
 * button stays busy ("Preparing your ZIP…", announced) until the server's cookie says the
 * stream has begun. Gated content
 * asks for a lead first, unless this visitor already left one for the company; the server
 * decides in the end (403 `leadRequired` opens the form, e.g. after the lead was deleted).
 */
export function DownloadButton({
  all = false,
  favourites = false,
}: {
  all?: boolean;
  /** With `all`: only the photos this visitor hearted (issue #36). */
  favourites?: boolean;
}) {
  const t = useTranslations();
  const message = useMessage();
  const { target, state, update, currentMediaId } = useEngagement();
  const [pending, setPending] = useState(false);
  const [askLead, setAskLead] = useState(false);
  // Mounted from the first ask on, so closing it keeps its state (and its exit) as before.
  const [leadAsked, setLeadAsked] = useState(false);
  if (askLead && !leadAsked) setLeadAsked(true);
  const [status, setStatus] = useState("");
  const [zipWaiting, setZipWaiting] = useState(false);
  const zipTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(zipTimer.current), []);
  const busy = pending || zipWaiting;

  // A changed text each time, so a repeated message is announced too.
  const announce = (text: string) => setStatus((s) => (s === text ? `${text}\u00a0` : text));

  function awaitZip(ticket: string) {
    setZipWaiting(true);
    announce(t("engagement.download.zipPreparingStatus"));
    const since = Date.now();
    window.clearInterval(zipTimer.current);
    zipTimer.current = window.setInterval(() => {
      const started = zipStarted(ticket);
      if (!started && Date.now() - since < ZIP_WAIT_MS) return;
      window.clearInterval(zipTimer.current);
      setZipWaiting(false);
      if (started) announce(t("engagement.download.zipStarted"));
    }, ZIP_POLL_MS);
  }

  async function request(lead?: LeadInput): Promise<ApiFailure | null> {
    if (favourites) await favouriteWritesSettled(target.contentId);
    const result: ApiResult<{ url: string; fileName: string; ticket?: string }> = all
      ? await engagementClient.downloadAll(target.contentId, {
          ...(lead ? { lead } : {}),
          ...(favourites ? { favourites: true } : {}),
        })
      : await engagementClient.download(target.contentId, {
          ...(currentMediaId ? { mediaId: currentMediaId } : {}),
          ...(lead ? { lead } : {}),
        });
    if (!result.ok) return result;
    if (lead) update((s) => ({ ...s, leadOnFile: true }));
    saveFile(result.data.url, result.data.fileName);
    if (result.data.ticket) awaitZip(result.data.ticket);
    else announce(t("engagement.download.started"));
    return null;
  }

  async function onClick() {
    if (busy) return;
    if (target.requiresLead && state && !state.leadOnFile) {
      setAskLead(true);
      return;
    }
    setPending(true);
    const failure = await request();
    setPending(false);
    if (!failure) return;
    if (failure.leadRequired) {
      update((s) => ({ ...s, leadOnFile: false }));
      setAskLead(true);
    } else {
      toast.error(message(failure.messageKey, "errors.downloadError"));
    }
  }

  // The dialog shows a failure itself (field messages or the download error) and keeps the
  // input; on success it thanks the fan and stays open until they close it.
  const submitLead = (lead: LeadInput): Promise<ApiFailure | null> => request(lead);

  return (
    <>
      <button
        type="button"
        onClick={onClick}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        data-download={all ? (favourites ? "favourites" : "all") : "one"}
        className={pillButton}
      >
        {busy ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
        ) : (
          <Download aria-hidden className="size-5" />
        )}
        {zipWaiting
          ? t("engagement.download.zipPreparing")
          : pending
            ? t("engagement.download.preparing")
            : t(
                all
                  ? favourites
                    ? "engagement.download.favourites"
                    : "engagement.download.all"
                  : "engagement.download.label",
              )}
      </button>
      <p role="status" className="sr-only">
        {status}
      </p>
      {leadAsked && (
        <LeadDialog
          open={askLead}
          onOpenChange={setAskLead}
          privacyUrl={target.privacyUrl}
          onSubmit={submitLead}
          all={all}
        />
      )}
    </>
  );
}
