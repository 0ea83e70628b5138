/** A secret found in a text: its kind and where it is (shared by the shape detectors and the prose ones). */
export interface SecretFinding {
  kind: string;
  start: number;
  end: number;
}
