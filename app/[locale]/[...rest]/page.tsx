import { notFound } from "next/navigation";

// Any path no route claims (e.g. /a/b/c) renders the localized not-found page, status 404.
export default function UnknownPath(): never {
  notFound();
}
