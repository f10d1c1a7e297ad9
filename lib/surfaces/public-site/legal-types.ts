export interface LegalSection {
  title: string;
  body: string;
}
