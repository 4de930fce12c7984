import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The layers of functions/ are kept by dependency-cruiser (.dependency-cruiser.cjs, `npm run lint:deps`, part of
 * `npm run lint` and so of CI; docs/decisions/0153). These tests run the project's own rules on a small fixture tree
 * with one bad import each, and expect the rule's error: a rule that matched nothing would pass the repository and
 * these would fail.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const CRUISER = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const run = promisify(execFile);

/** Runs the rules on `files` (path -> source) in a folder of their own: exit code and what it printed. */
async function cruise(
  files: Record<string, string>,
  roots: string[] = ['functions'],
): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-deps-'));
  try {
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const result = await run(process.execPath, [CRUISER, ...roots, '--config', CONFIG, '--output-type', 'err'], {
      cwd: dir,
    }).then(
      ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
      (error: { code: number; stdout: string; stderr: string }) => ({
        code: error.code,
        output: error.stdout + error.stderr,
      }),
    );
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A small tree that keeps the rules: a handler calls checkout, which calls money, which reads the table. */
const GOOD: Record<string, string> = {
  'functions/lib/env.ts': 'export const stage = "test";\n',
  'functions/db/table.ts': 'import { stage } from "../lib/env";\nexport const table = `shop-${stage}`;\n',
  'functions/domain/money/ledger.ts': 'import { table } from "../../db/table";\nexport const ledger = () => table;\n',
  'functions/domain/checkout/take.ts':
    'import { ledger } from "../money/ledger";\nexport const take = () => ledger();\n',
  'functions/http/checkout/place.ts':
    'import { take } from "../../domain/checkout/take";\nexport const handler = take;\n',
};

describe('the dependency rules of functions/ (decision 0153)', () => {
  it('pass a tree whose imports point down', async () => {
    const { code, output } = await cruise(GOOD);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it('fail when the money room imports a room above it', async () => {
    const { code, output } = await cruise({
      ...GOOD,
      'functions/domain/money/pricing.ts': 'import { take } from "../checkout/take";\nexport const price = take;\n',
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /error functions-money-calls-no-room: functions\/domain\/money\/pricing\.ts → functions\/domain\/checkout\/take\.ts/,
    );
  });

  it('fail when a room imports one above it in the list', async () => {
    const { code, output } = await cruise({
      ...GOOD,
      'functions/domain/quotes/pay.ts': 'export const pay = 1;\n',
      'functions/domain/checkout/quote.ts': 'import { pay } from "../quotes/pay";\nexport const quote = pay;\n',
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /error functions-checkout-not-up: functions\/domain\/checkout\/quote\.ts → functions\/domain\/quotes\/pay\.ts/,
    );
  });

  it('fail on a cycle of type-only imports', async () => {
    const { code, output } = await cruise({
      ...GOOD,
      'functions/domain/orders/a.ts': 'import type { B } from "./b";\nexport interface A { b?: B }\n',
      'functions/domain/orders/b.ts': 'import type { A } from "./a";\nexport interface B { a?: A }\n',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('error functions-no-cycles: functions/domain/orders/a.ts');
  });

  it('fail when the table layer or lib/ imports a room, or the domain a handler', async () => {
    const { code, output } = await cruise({
      ...GOOD,
      'functions/db/orders.ts': 'import { take } from "../domain/checkout/take";\nexport const o = take;\n',
      'functions/lib/log.ts': 'import { table } from "../db/table";\nexport const log = table;\n',
      'functions/domain/checkout/undo.ts':
        'import { handler } from "../../http/checkout/place";\nexport const u = handler;\n',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('error functions-db-not-up: functions/db/orders.ts');
    expect(output).toContain('error functions-lib-at-the-bottom: functions/lib/log.ts');
    expect(output).toContain('error functions-domain-not-up: functions/domain/checkout/undo.ts');
  });

  it('fail on a room that has no place in the list', async () => {
    const { code, output } = await cruise({
      ...GOOD,
      'functions/domain/loyalty/points.ts':
        'import { ledger } from "../money/ledger";\nexport const points = ledger;\n',
    });
    expect(code).not.toBe(0);
    expect(output).toContain('error functions-room-listed: functions/domain/loyalty/points.ts');
  });

  it('leave a test free to import across the layers', async () => {
    const { code } = await cruise({
      ...GOOD,
      'functions/domain/money/ledger.test.ts': 'import { take } from "../checkout/take";\nexport const t = take;\n',
    });
    expect(code).toBe(0);
  });
});

/** A small web app that keeps its rules: the app's routes open a feature, which uses a component and lib. */
const WEB: Record<string, string> = {
  'web/src/lib/api.ts': 'export const api = (path: string) => path;\n',
  'web/src/components/Button.tsx': 'import { api } from "../lib/api";\nexport const Button = () => api("/");\n',
  'web/src/features/cart/useCart.ts': 'export const useCart = () => [];\n',
  'web/src/features/cart/index.ts': 'export { useCart } from "./useCart";\n',
  'web/src/features/checkout/Pay.tsx':
    'import { Button } from "../../components/Button";\nimport { useCart } from "../cart";\n' +
    'export const Pay = () => [Button(), useCart()];\n',
  'web/src/app/routes.tsx': 'import { Pay } from "../features/checkout/Pay";\nexport const routes = [Pay];\n',
};
const cruiseWeb = (files: Record<string, string>) => cruise(files, ['web/src']);

describe('the dependency rules of web/ (decision 0157)', () => {
  it('pass an app whose imports point one way', async () => {
    const { code, output } = await cruiseWeb(WEB);
    expect(output).toContain('no dependency violations found');
    expect(code).toBe(0);
  });

  it('fail when a component imports a feature', async () => {
    const { code, output } = await cruiseWeb({
      ...WEB,
      'web/src/components/Header.tsx': 'import { useCart } from "../features/cart";\nexport const Header = useCart;\n',
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/error web-components-no-features: web\/src\/components\/Header\.tsx → web\/src\/features/);
  });

  it("fail when a feature reaches another feature's internals instead of its entry", async () => {
    const { code, output } = await cruiseWeb({
      ...WEB,
      'web/src/features/checkout/Lines.tsx':
        'import { useCart } from "../cart/useCart";\nexport const Lines = () => useCart();\n',
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /error web-feature-internals: web\/src\/features\/checkout\/Lines\.tsx → web\/src\/features\/cart\/useCart\.ts/,
    );
  });

  it('fail when a feature imports the app above it, or on a cycle', async () => {
    const { code, output } = await cruiseWeb({
      ...WEB,
      'web/src/features/cart/useCart.ts':
        'import type { routes } from "../../app/routes";\nexport const useCart = (): typeof routes => [];\n',
    });
    expect(code).not.toBe(0);
    expect(output).toMatch(/error web-one-way: web\/src\/features\/cart\/useCart\.ts → web\/src\/app\/routes\.tsx/);
    expect(output).toMatch(/error web-no-cycles:/);
  });
});
