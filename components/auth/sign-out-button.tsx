"use client";

import { useRouter } from "next/navigation";
import { useTransition, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { authClient, clearLocalSettings } from "@/lib/platform/auth/client";

/** Signs out here and re-renders the current page (e.g. to switch to the invited account). */
export function SignOutButton({
  children,
  ...props
}: Omit<ButtonProps, "onClick"> & { children: ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <Button
      type="button"
      variant="secondary"
      {...props}
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          await authClient.signOut();
          clearLocalSettings();
          router.refresh();
        })
      }
    >
      {children}
    </Button>
  );
}
