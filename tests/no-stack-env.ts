import { dropInheritedStackEnv } from '../functions/local/stack-env';

// The projects without a stack of their own (unit, web, infra): a worker Jest started after the browser tests'
// setup inherits that stack's settings (its origin secret, table and endpoints), which would change what the code
// under test does. `tests/env.ts` does the same for `api` before it points the functions at its own stand-ins.
dropInheritedStackEnv();
