import type { MenuItem } from '@klinikita/domain/access/menu';
import type { DataModul, SessionUser } from '@klinikita/domain/auth/auth.schema';
import type { DocumentPaper } from '@klinikita/domain/billing/billing-documents.schema';
import { useSyncExternalStore } from 'react';

/** What the invoice modal shows: a bill's invoice (rincian biaya). */
export interface InvoiceModal {
  billUid: string;
  /** The invoice number, for the title */
  number?: string;
  /** The bill's clinic: the bank account is shown only when it is that clinic's */
  clinicId?: number;
  paper?: DocumentPaper;
}

/** What the receipt modal shows: a payment's receipt (kuitansi). */
export interface ReceiptModal {
  paymentUid: string;
  /** The receipt number, for the title */
  number?: string;
  paper?: DocumentPaper;
}

/** The active clinic's bank account, printed beside the invoice for payment by transfer. */
export interface BankAccount {
  clinicId: number;
  bankName: string | null;
  accountNumber: string | null;
  accountHolder: string | null;
}

/** The session store of spec 3: who is logged in and the shell state that follows from it. */
export interface SessionState {
  /**
   * 'loading' until the first `GET users` has answered; 'unreachable' while that call cannot reach
   * the server (the app shell opened offline), until it answers.
   */
  status: 'loading' | 'unreachable' | 'ready';
  user: SessionUser | null;
  token: string | null;
  /** Sidebar open (spec 9: default true). */
  sidebarTrigger: boolean;
  modul: DataModul | null;
  /** The sidebar menu: the role's menu tree, already filtered by the server to screens that exist. */
  arrMenu: MenuItem[];
  dataClinic: SessionUser['dataClinic'];
  /** The invoice modal (spec 3: the invoice modal flag), open while set. */
  invoiceModal: InvoiceModal | null;
  /** The receipt modal (spec 3: the receipt modal flag), open while set. */
  receiptModal: ReceiptModal | null;
  /** The active clinic's bank account, loaded after session start for users who read bills. */
  bankAccount: BankAccount | null;
}

type SignedOutState = Pick<
  SessionState,
  'user' | 'token' | 'modul' | 'arrMenu' | 'dataClinic' | 'invoiceModal' | 'receiptModal' | 'bankAccount'
>;

const signedOut: SignedOutState = {
  user: null,
  token: null,
  modul: null,
  arrMenu: [],
  dataClinic: null,
  invoiceModal: null,
  receiptModal: null,
  bankAccount: null,
};

/**
 * Whether this browser may hold a session: set at sign-in, cleared at sign-out (the session cookie
 * itself is httpOnly). Without it nobody is signed in here, so the login page opens at once instead
 * of waiting for the session check, which still runs and signs in whoever the server knows. Storage
 * that cannot be read counts as "may": the app waits, as without the hint.
 */
export const SIGNED_IN_HINT = 'klinikita.signedIn';
const hint = {
  present(): boolean {
    try {
      return window.localStorage.getItem(SIGNED_IN_HINT) !== null;
    } catch {
      return true;
    }
  },
  set(on: boolean): void {
    try {
      if (on) window.localStorage.setItem(SIGNED_IN_HINT, '1');
      else window.localStorage.removeItem(SIGNED_IN_HINT);
    } catch {
      // storage refused (private mode, quota): the next start waits for the session check
    }
  },
};

/**
 * The status the app starts in: signed out at once on the login page of a browser nobody signed in
 * on; 'loading' (the session check decides) anywhere else — a link to a screen waits to learn who
 * is in rather than bounce through the login page.
 */
export const initialStatus = (pathname = window.location.pathname): SessionState['status'] =>
  pathname === '/' && !hint.present() ? 'ready' : 'loading';

let state: SessionState = { status: initialStatus(), sidebarTrigger: true, ...signedOut };
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const sessionStore = {
  getState: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  signIn(user: SessionUser, token: string | null = state.token): void {
    // another user starts clean; the same user's refreshed profile keeps the open modal
    const sameUser = state.user?._id === user._id;
    hint.set(true);
    setState({
      status: 'ready',
      user,
      token,
      modul: user.dataModul,
      arrMenu: user.menu,
      dataClinic: user.dataClinic,
      ...(!sameUser && { invoiceModal: null, receiptModal: null, bankAccount: null }),
    });
  },
  signOut(): void {
    hint.set(false);
    setState({ status: 'ready', ...signedOut });
  },
  /** The session check reached no server: the shell says so until it answers (startSession retries). */
  markUnreachable(): void {
    setState({ status: 'unreachable' });
  },
  toggleSidebar(): void {
    setState({ sidebarTrigger: !state.sidebarTrigger });
  },
  /** Opens the invoice modal on a bill (one document modal at a time), or closes it with null. */
  setInvoiceModal(invoiceModal: InvoiceModal | null): void {
    setState(invoiceModal ? { invoiceModal, receiptModal: null } : { invoiceModal: null });
  },
  /** Opens the receipt modal on a payment (one document modal at a time), or closes it with null. */
  setReceiptModal(receiptModal: ReceiptModal | null): void {
    setState(receiptModal ? { receiptModal, invoiceModal: null } : { receiptModal: null });
  },
  setBankAccount(bankAccount: BankAccount | null): void {
    setState({ bankAccount });
  },
};

export function useSession<T>(select: (state: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => select(state));
}

/** The logged-in user; only for screens behind the session guard. */
export function useSessionUser(): SessionUser {
  const user = useSession((s) => s.user);
  if (!user) throw new Error('useSessionUser outside the session guard');
  return user;
}
