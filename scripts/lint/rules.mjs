// Reelsmith's own ESLint rules:
// - boundaries: a web feature imports another feature only through that feature's index (its
//   public API); a service's code imports another service's only through services/kit and proto;
// - disable-needs-reason: every eslint-disable comment says why (`-- the reason`).
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
const FEATURES = resolve(ROOT, 'web', 'src', 'features');
const SERVICES = resolve(ROOT, 'services');
const SHARED_SERVICES = new Set(['kit']);

/** The first folder of `path` under `base`, and what follows it; null outside `base`. */
function under(base, path) {
  const rel = relative(base, path);
  if (rel.startsWith('..') || rel === '') return null;
  const [first, ...rest] = rel.split(sep);
  return { first, rest };
}

/** The service a file of service code belongs to; null for tests, which may start other services. */
function serviceCode(file) {
  const place = under(SERVICES, file);
  return place && place.rest[0] === 'src' && !/\.spec\.tsx?$/.test(file) ? place : null;
}

function checkImport(context, node, source) {
  if (typeof source !== 'string') return;
  const file = context.filename;
  if (source.startsWith('.')) {
    const target = resolve(dirname(file), source);
    const from = under(FEATURES, file);
    const to = under(FEATURES, target);
    if (from && to && from.first !== to.first && to.rest.length > 0 && !(to.rest.length === 1 && /^index(\.tsx?)?$/.test(to.rest[0]))) {
      context.report({
        node,
        message: `The ${to.first} feature is used through its index only (import '${source.split('/').slice(0, -to.rest.length).join('/')}'), or move what is shared to components/, hooks/ or lib/.`,
      });
    }
    const fromService = serviceCode(file);
    const toService = under(SERVICES, target);
    if (fromService && toService && fromService.first !== toService.first && !SHARED_SERVICES.has(toService.first)) {
      context.report({ node, message: `A service never imports another service's code (${toService.first}); share it through services/kit or proto.` });
    }
    return;
  }
  const pkg = /^@reelsmith\/([^/]+)/.exec(source)?.[1];
  const fromService = serviceCode(file);
  if (pkg && fromService && pkg !== fromService.first && pkg !== 'kit' && pkg !== 'proto') {
    context.report({ node, message: `A service never imports another service (@reelsmith/${pkg}); share it through services/kit or proto.` });
  }
}

const boundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const check = (node) => checkImport(context, node, node.source?.value);
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const disableNeedsReason = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const text = comment.value.trim();
          if (/^eslint-disable/.test(text) && !/\s--\s*\S/.test(text)) {
            context.report({ loc: comment.loc, message: 'Say why the rule does not apply here: `eslint-disable... -- the reason`.' });
          }
        }
      },
    };
  },
};

export default { rules: { boundaries, 'disable-needs-reason': disableNeedsReason } };
