import { afterEach, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/render.tsx';
import { initialStatus, SIGNED_IN_HINT, sessionStore } from './session-store.ts';

const bank = { clinicId: 10, bankName: 'Bank Mandiri', accountNumber: '123', accountHolder: 'Klinik' };

afterEach(() => sessionStore.signOut());

describe('session store: the document modals and the bank account (spec 3)', () => {
  it('opens one document modal at a time and closes it', () => {
    sessionStore.signIn(makeUser());
    sessionStore.setInvoiceModal({ billUid: 'b1', number: 'INV/10/202611/0001', clinicId: 10 });
    expect(sessionStore.getState()).toMatchObject({
      invoiceModal: { billUid: 'b1', number: 'INV/10/202611/0001', clinicId: 10 },
      receiptModal: null,
    });
    // the receipt replaces the invoice
    sessionStore.setReceiptModal({ paymentUid: 'p1', paper: 'roll80' });
    expect(sessionStore.getState()).toMatchObject({
      invoiceModal: null,
      receiptModal: { paymentUid: 'p1', paper: 'roll80' },
    });
    sessionStore.setReceiptModal(null);
    expect(sessionStore.getState()).toMatchObject({ invoiceModal: null, receiptModal: null });
  });

  it('keeps the bank account for the same user and clears it, with the modals, on logout or another user', () => {
    const user = makeUser();
    sessionStore.signIn(user);
    sessionStore.setBankAccount(bank);
    sessionStore.setInvoiceModal({ billUid: 'b1' });
    // the same user's profile refreshed
    sessionStore.signIn({ ...user, name: 'Siti R.' });
    expect(sessionStore.getState()).toMatchObject({ bankAccount: bank, invoiceModal: { billUid: 'b1' } });

    sessionStore.signIn(makeUser({ _id: 'u2' }));
    expect(sessionStore.getState()).toMatchObject({ bankAccount: null, invoiceModal: null });

    sessionStore.setBankAccount(bank);
    sessionStore.setReceiptModal({ paymentUid: 'p1' });
    sessionStore.signOut();
    expect(sessionStore.getState()).toMatchObject({
      user: null,
      bankAccount: null,
      invoiceModal: null,
      receiptModal: null,
    });
  });
});

describe('session store: the signed-in hint', () => {
  it('a browser nobody signed in on starts signed out at once; one that signed in waits for the check', () => {
    sessionStore.signOut();
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBeNull();
    expect(initialStatus('/')).toBe('ready');
    sessionStore.signIn(makeUser());
    expect(localStorage.getItem(SIGNED_IN_HINT)).toBe('1');
    expect(initialStatus('/')).toBe('loading');
    sessionStore.signOut();
    expect(initialStatus('/')).toBe('ready');
    // a link to a screen waits for the session check, hint or not
    expect(initialStatus('/Doctor/doctor')).toBe('loading');
  });
});
