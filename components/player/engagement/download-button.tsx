"use client";

import { Download, LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import dynamic from "next/dynamic";
import { useState } from "react";
import { toast } from "@/components/public/lazy-toast";
import { engagementClient, type ApiFailure, type LeadInput } from "@/components/player/engagement/api";
import { useEngagement } from "@/components/player/engagement/engagement-provider";
import { pillButton } from "@/components/player/engagement/styles";
import { useMessage } from "@/components/player/engagement/use-message";

// The lead form (its dialog and its validation) loads when a fan first needs it.
const LeadDialog = dynamic(
  () => import("@/components/player/engagement/lead-dialog").then((m) => m.LeadDialog),
  { ssr: false },
);

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

/**
 * Download of the content's file, or with `all` the whole photo gallery as one ZIP (its URL
 * streams the archive; the browser saves it as it arrives). Download of the content's file (the photo or video on screen for galleries). Gated content
 * asks for a lead first, unless this visitor already left one for the company; the server
 * decides in the end (403 `leadRequired` opens the form, e.g. after the lead was deleted).
 */
export function DownloadButton({ all = false }: { all?: boolean }) {
  const t = useTranslations();
  const message = useMessage();
  const { target, state, update, currentMediaId } = useEngagement();
  const [pending, setPending] = useState(false);
  const [askLead, setAskLead] = useState(false);
  // Mounted from the first ask on, so closing it keeps its state (and its exit) as before.
  const [leadAsked, setLeadAsked] = useState(false);
  if (askLead && !leadAsked) setLeadAsked(true);
  const [status, setStatus] = useState("");

  async function request(lead?: LeadInput): Promise<ApiFailure | null> {
    const result = all
      ? await engagementClient.downloadAll(target.contentId, lead ? { lead } : {})
      : await engagementClient.download(target.contentId, {
          ...(currentMediaId ? { mediaId: currentMediaId } : {}),
          ...(lead ? { lead } : {}),
        });
    if (!result.ok) return result;
    if (lead) update((s) => ({ ...s, leadOnFile: true }));
    saveFile(result.data.url, result.data.fileName);
    // A changed text each time, so a second download is announced too.
    const started = t("engagement.download.started");
    setStatus((s) => (s === started ? `${started}\u00a0` : started));
    return null;
  }

  async function onClick() {
    if (pending) return;
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
        aria-disabled={pending || undefined}
        aria-busy={pending}
        data-download={all ? "all" : "one"}
        className={pillButton}
      >
        {pending ? (
          <LoaderCircle aria-hidden className="size-5 animate-spin motion-reduce:animate-none" />
        ) : (
          <Download aria-hidden className="size-5" />
        )}
        {pending
          ? t("engagement.download.preparing")
          : t(all ? "engagement.download.all" : "engagement.download.label")}
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
