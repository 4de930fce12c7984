/*
 * CloudFront Function (JavaScript runtime 2.0) on the default (SPA) behaviour only: shared/pages.ts siteAnswer, as
 * the local gateway runs it. A name with a file extension is left alone (the build's files), and so is Apple Pay's
 * domain file; a trailing slash is a 301 to the address without it; the home page (`/`, or `/index.html` should the
 * default root object come first) goes to the page function behind the API (its own head); a route of the SPA gets
 * index.html (or its first screen's file, FIRST_SCREEN_FILES, docs/decisions/0120); any other address is the page
 * function's not-found page, a 404 (never a soft 404). /api/*, /auth/*, /images/* and the page paths have their own
 * behaviours and never meet this function.
 *
 * What CloudFront runs starts at the import line: this comment stays here. SPA_ROUTE_PATTERN, API_ORIGIN_ID,
 * NOT_FOUND_PATH, APPLE_PAY_DOMAIN_FILE and FIRST_SCREEN_FILES are filled in at synth from shared/pages.ts and the
 * distribution (infra/lib/spa-routing.ts), and infra/test/spa-routing.test.ts runs the result on sample requests.
 */
import cf from 'cloudfront';
var SPA_ROUTE = new RegExp(SPA_ROUTE_PATTERN);
var FIRST_SCREENS = FIRST_SCREEN_FILES;
function search(querystring) {
  var parts = [];
  for (var name in querystring) {
    var entry = querystring[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return parts.length ? '?' + parts.join('&') : '';
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.split('/').pop();
  if ((last.indexOf('.') !== -1 && uri !== '/index.html') || uri === APPLE_PAY_DOMAIN_FILE) return request;
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/') {
    var location = '/' + uri.replace(/^\/+|\/+$/g, '') + search(request.querystring);
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: location }, 'cache-control': { value: 'public, max-age=3600' } },
    };
  }
  if (uri === '/' || uri === '/index.html') {
    request.uri = '/';
    cf.selectRequestOriginById(API_ORIGIN_ID);
    return request;
  }
  if (SPA_ROUTE.test(uri)) {
    request.uri = Object.prototype.hasOwnProperty.call(FIRST_SCREENS, uri) ? FIRST_SCREENS[uri] : '/index.html';
    return request;
  }
  request.uri = NOT_FOUND_PATH;
  cf.selectRequestOriginById(API_ORIGIN_ID);
  return request;
}
