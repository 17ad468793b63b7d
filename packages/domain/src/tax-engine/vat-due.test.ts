import { describe, expect, it } from 'vitest';
import { type TaxableSale, vatDueOf } from './vat-due';

/** A German sale of 119.00 that Amazon charged in Germany at 19 %. */
function sale(overrides: Partial<TaxableSale> = {}): TaxableSale {
  return {
    date: '2023-09-27',
    taxableJurisdiction: 'DE',
    vatRate: '0.19',
    netAmount: '100.00',
    vatAmount: '19.00',
    grossAmount: '119.00',
    ...overrides,
  };
}

describe('the VAT due on a taxable sale (decision 039)', () => {
  it("keeps the file's net and VAT where it charged the taxing country", () => {
    expect(vatDueOf(sale(), 'DE')).toEqual({ basis: 'charged', net: '100.00', vat: '19.00', rate: '0.19' });
    // Without a jurisdiction of its own, a rate above zero is taken as charged where the sale is taxed.
    expect(vatDueOf(sale({ taxableJurisdiction: null }), 'DE').basis).toBe('charged');
    // A file without any rate tells nothing: its figures stand.
    expect(vatDueOf(sale({ taxableJurisdiction: null, vatRate: null, vatAmount: '0.00' }), 'DE')).toEqual({
      basis: 'charged',
      net: '100.00',
      vat: '0.00',
      rate: null,
    });
  });

  it("computes the taxing country's standard VAT from the price where the file charged another country", () => {
    // 119 × 20 / 120 = 19.8333…; the net is the rest of the price.
    const due = vatDueOf(sale(), 'FR');
    expect(due.basis).toBe('from-price');
    expect(due.rate).toBe('0.2');
    expect(due.vat.startsWith('19.83333333')).toBe(true);
    expect(due.net.startsWith('99.16666666')).toBe(true);
  });

  it('computes it where the file charged none (a zero rate), except where goods are zero-rated', () => {
    const uncharged = sale({ taxableJurisdiction: null, vatRate: '0', netAmount: '119.00', vatAmount: '0.00' });
    expect(vatDueOf(uncharged, 'DE')).toEqual({ basis: 'from-price', net: '100', vat: '19', rate: '0.19' });
    // Northern Ireland takes the UK's rates, where a zero rate is one of them.
    expect(vatDueOf(uncharged, 'GB').basis).toBe('charged');
    expect(vatDueOf(uncharged, 'XI').basis).toBe('charged');
    // Poland's 23 % on a refund: −123.00 holds −23.00.
    const refund = sale({
      taxableJurisdiction: null,
      vatRate: '0',
      netAmount: '-123.00',
      vatAmount: '0.00',
      grossAmount: '-123.00',
    });
    expect(vatDueOf(refund, 'PL')).toEqual({ basis: 'from-price', net: '-100', vat: '-23', rate: '0.23' });
  });

  it('keeps the file’s figures where Vatlas has no rates for that day', () => {
    // Norway's rates are known from 1 Oct 2021 only.
    expect(vatDueOf(sale({ date: '2020-06-30' }), 'NO').basis).toBe('charged');
  });
});
