import { tableTax } from '#shared/tax-rules';
import type { TaxAnswer, TaxProvider, TaxQuestion } from './provider';

/** The shop's table: the spec's state rates with the state rules (shared/tax-rules.ts). Needs nothing but the state. */
export class TableTaxProvider implements TaxProvider {
  readonly name = 'table' as const;

  calculate(question: TaxQuestion): Promise<TaxAnswer> {
    const { total, lines } = tableTax({
      state: question.address.state,
      lines: question.lines,
      discountOn: question.discountOn,
    });
    return Promise.resolve({ provider: this.name, total, lines });
  }
}
