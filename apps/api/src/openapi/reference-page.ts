import { escapeHtml } from '../http/html-escaping.ts';
import type { OpenApiDocument, Operation } from './openapi-document.ts';
import type { JsonSchema } from './json-schema-of.ts';
import { COMPONENT_PREFIX, schemaAnchor, schemaHtml, typeHtml } from './schema-html.ts';

/** Where the page's style sheet is served: the pages' policy allows styles from our origin only. */
export const REFERENCE_STYLE_PATH = '/api/docs/reference.css';

const SECURITY_WORDS: Record<string, string> = {
  bearer: 'an access token (Authorization: Bearer)',
  adminToken: 'the admin token (X-Admin-Token), from this machine',
  metricsToken: 'METRICS_TOKEN (Authorization: Bearer)',
};

function securityHtml(security: Operation['security']): string {
  if (security.length === 0) return 'Anyone; no token.';
  const anyone = security.some((requirement) => Object.keys(requirement).length === 0);
  const needs = security.flatMap((requirement) => Object.keys(requirement).map((scheme) => SECURITY_WORDS[scheme] ?? scheme));
  return anyone ? `Anyone; with ${escapeHtml(needs.join(' or '))} when signed in.` : `Needs ${escapeHtml(needs.join(' or '))}.`;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function operationHtml(method: string, path: string, operation: Operation, components: Record<string, JsonSchema>): string {
  const parameters = operation.parameters ?? [];
  const parameterRows = parameters.map(
    (parameter) =>
      `<tr><th scope="row"><code>${escapeHtml(parameter.name)}</code></th><td>${parameter.in}</td><td>${typeHtml(parameter.schema)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${escapeHtml(parameter.description ?? '')}</td></tr>`,
  );
  const parametersHtml =
    parameterRows.length > 0
      ? `<h4>Parameters</h4><table><thead><tr><th scope="col">name</th><th scope="col">in</th><th scope="col">type</th><th scope="col">required</th><th scope="col">about</th></tr></thead><tbody>${parameterRows.join('')}</tbody></table>`
      : '';
  // A body's fields are what a caller writes next, so a named schema is shown here, not only linked.
  const bodyHtml = operation.requestBody
    ? `<h4>Request body</h4>${Object.entries(operation.requestBody.content)
        .map(([media, { schema }]) => {
          const named = typeof schema.$ref === 'string' ? components[schema.$ref.slice(COMPONENT_PREFIX.length)] : undefined;
          const shown = named ? `${schemaHtml(named)}<p class="note">Schema ${typeHtml(schema)}</p>` : schemaHtml(schema);
          return `<p class="media"><code>${escapeHtml(media)}</code></p>${shown}`;
        })
        .join('')}`
    : '';
  const responseItems = Object.entries(operation.responses).map(([status, response]) => {
    const content = Object.entries(response.content ?? {})
      .map(([media, { schema }]) => ` <code>${escapeHtml(media)}</code> ${typeHtml(schema)}`)
      .join(';');
    const kind = status.startsWith('2') || status.startsWith('3') ? 'answer' : 'refusal';
    return `<li class="${kind}"><span class="status">${escapeHtml(status)}</span> ${escapeHtml(response.description)}${content ? ` —${content}` : ''}</li>`;
  });
  return `<section class="operation" id="${escapeHtml(operation.operationId)}" aria-labelledby="${escapeHtml(operation.operationId)}-title">
<h3 id="${escapeHtml(operation.operationId)}-title"><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code></h3>
<p class="summary">${escapeHtml(operation.summary)}</p>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
<p class="security"><strong>Who:</strong> ${securityHtml(operation.security)}</p>
${parametersHtml}${bodyHtml}
<h4>Responses</h4><ul class="responses">${responseItems.join('')}</ul>
</section>`;
}

/**
 * The document as a page to read, rendered on the server from the document itself: routes by
 * tag, each with who may call it, its parameters, its body and its answers, then the schemas.
 * No script and nothing from elsewhere, so it works offline and under the pages' policy.
 */
export function renderReferencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation, document.components.schemas)]);
    }
  }
  const tags = document.tags.map((tag) => tag.name).filter((name) => byTag.has(name));
  const aboutTag = new Map(document.tags.map((tag) => [tag.name, tag.description ? `<p>${escapeHtml(tag.description)}</p>` : '']));
  const contents = tags.map((name) => `<li><a href="#tag-${slug(name)}">${escapeHtml(name)}</a></li>`).join('');
  const sections = tags
    .map(
      (name) =>
        `<section class="tag" aria-labelledby="tag-${slug(name)}"><h2 id="tag-${slug(name)}">${escapeHtml(name)}</h2>${aboutTag.get(name) ?? ''}${byTag.get(name)!.join('\n')}</section>`,
    )
    .join('\n');
  const schemas = Object.entries(document.components.schemas)
    .map(
      ([name, schema]) =>
        `<section class="schema" aria-labelledby="${escapeHtml(schemaAnchor(name))}"><h3 id="${escapeHtml(schemaAnchor(name))}">${escapeHtml(name)}</h3>${schemaHtml(schema)}</section>`,
    )
    .join('\n');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(document.info.title)} API reference</title>
<link rel="stylesheet" href="${REFERENCE_STYLE_PATH}">
</head>
<body>
<a class="skip" href="#main">Skip to the routes</a>
<header>
<h1>${escapeHtml(document.info.title)} API reference <span class="version">${escapeHtml(document.info.version)}</span></h1>
<p>${escapeHtml(document.info.description)}</p>
<p>The same in OpenAPI ${escapeHtml(document.openapi)}: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</header>
<nav aria-label="Contents"><h2>Contents</h2><ul>${contents}<li><a href="#schemas">Schemas</a></li></ul></nav>
<main id="main">
${sections}
<section aria-labelledby="schemas"><h2 id="schemas">Schemas</h2>
${schemas}
</section>
</main>
</body>
</html>
`;
}
