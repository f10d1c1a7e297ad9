import { NotFoundView } from "@/components/public/pages/not-found-view";

export default function NotFound() {
  return <NotFoundView kind="page" />;
}
