import { UploadProvider } from "@/components/uploads/upload-provider";

/** Uploads keep going while moving between the content screens (new → edit → list). */
export default function ContentLayout({ children }: LayoutProps<"/[locale]/admin/content">) {
  return <UploadProvider>{children}</UploadProvider>;
}
