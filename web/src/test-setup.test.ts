/**
 * The test setup answers an element's <label>s from the document's id index (web/src/test-setup.ts); the answers
 * are jsdom's own: labels by for=, a wrapping label, both at once, the first element of a repeated id, none for a
 * hidden input, and outside a document.
 */
afterEach(() => {
  document.body.innerHTML = '';
});

const texts = (labels: NodeListOf<HTMLLabelElement> | readonly HTMLLabelElement[] | null) =>
  labels && [...labels].map((label) => label.textContent);

it('finds the labels whose for= names the field, and the one wrapping it', () => {
  document.body.innerHTML = `
    <label for="zip">ZIP</label>
    <label>Postal code <input id="zip"></label>
    <label for="zip">ZIP again</label>
    <label for="other">Other</label><input id="other">
    <label>Wraps a button <button>Go</button></label>`;
  expect(texts(document.querySelector<HTMLInputElement>('#zip')!.labels)).toEqual(['ZIP', 'Postal code ', 'ZIP again']);
  expect(texts(document.querySelector<HTMLInputElement>('#other')!.labels)).toEqual(['Other']);
  expect(texts(document.querySelector('button')!.labels)).toEqual(['Wraps a button Go']);
});

it('a repeated id labels only its first element; a for= naming something else labels nothing here', () => {
  document.body.innerHTML = `
    <label for="a">A</label><select id="a"></select><textarea id="a"></textarea>
    <label for="b">B</label><div id="b"></div><output id="c"></output>`;
  expect(texts(document.querySelector('select')!.labels)).toEqual(['A']);
  expect(texts(document.querySelector('textarea')!.labels)).toEqual([]);
  expect(texts(document.querySelector('output')!.labels)).toEqual([]);
});

it('a hidden input has no labels (null), as in a browser; outside a document jsdom answers', () => {
  document.body.innerHTML = '<label>Secret <input type="hidden" id="h"></label>';
  expect(document.querySelector<HTMLInputElement>('#h')!.labels).toBeNull();
  const detached = document.createElement('label');
  detached.innerHTML = 'Alone <input>';
  expect(texts(detached.querySelector('input')!.labels)).toEqual(['Alone ']);
});
