import { CopyButton } from "@/components/ui/copy-button";

/** An address with its copy button. */
export function CopyAddress({ label, address }: { label: string; address: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">{label}</p>
        <p className="font-mono text-sm break-all text-zinc-900 dark:text-zinc-100">{address}</p>
      </div>
      <CopyButton value={address} what={address} />
    </div>
  );
}
