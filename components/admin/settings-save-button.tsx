"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/** The Save button at the foot of each settings form, disabled and relabelled while it saves. */
export function SettingsSaveButton({ pending }: { pending: boolean }) {
  const t = useTranslations("settings");
  return (
    <div>
      <Button type="submit" disabled={pending}>
        {pending ? t("saving") : t("save")}
      </Button>
    </div>
  );
}
