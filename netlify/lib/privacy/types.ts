/** The privacy catalogue's port: whose data, and what each domain does with its tables (no runtime code). */
import type { Tx } from '../platform/index.ts';

/** Whose data: the email, and the learner accounts that belong to it. */
export type Subject = {
  email: string;
  /** A keyed hash of the email (privacy_requests holds only this). */
  emailHash: string;
  /** Learner accounts of this person (self-service: the logged-in one; admin: all with the email). */
  accountIds: string[];
  /**
   * True when the email is proven to be theirs (a confirmed account, or an admin who checked the
   * requester): only then do rows matched by email alone (leads, registrations, emails) belong to them.
   */
  byEmail: boolean;
  /** [email] when byEmail, else []: what rows matched by email alone may be looked up with. */
  provenEmails: string[];
};

type Rows = Record<string, unknown>[];

export type TableCoverage = {
  /** The key of this table's rows in the downloaded file. */
  label: string;
  export: (tx: Tx, subject: Subject) => Promise<Rows>;
  /** Deletes or anonymises; answers how many rows it touched. `keep` names a table kept on purpose, with why. */
  erase: ((tx: Tx, subject: Subject) => Promise<number>) | { keep: string };
};
