/**
 * The static shell (docs/decisions/0058). The built index.html carries the page's frame (header, empty main,
 * footer) rendered at build time from the app's own components (app/staticShell.tsx, web/vite.config.mts) inside
 * `<div id="root" data-shell>`; for a product page the page function puts the main photo into that main. So the
 * first paint shows the frame and the page's largest photo before any script has run.
 *
 * On such a page the app starts once the photo has painted (web/src/boot.ts). It renders into a fresh element,
 * off the page, and takes the shell's place in the commit in which its page is whole (Layout's layout effect,
 * before the browser paints): no blank frame, no "Loading…", the photo stays where it was (the same image, already
 * decoded). Without a shell (tests, the dev server) it renders into #root.
 *
 * Nothing typed is lost (docs/decisions/0077): what the visitor typed or picked in the shell's fields before the app
 * took over (the header's search box) goes into the app's same fields, focus and caret included; and until then the
 * shell's search is a plain GET form to /search?q=, which works without the app.
 */
let fresh: HTMLElement | null = null;

/**
 * Where the app renders: #root itself, or, when #root holds the static shell, a fresh element that replaces it later.
 */
export function appContainer(): HTMLElement {
  const root = document.getElementById('root')!;
  if (!root.hasAttribute('data-shell')) return root;
  fresh = document.createElement('div');
  return fresh;
}

/** Puts the app where the static shell is (once; nothing to do without a shell). */
export function takeOverShell(): void {
  if (!fresh || fresh.isConnected) return;
  const shell = document.getElementById('root');
  if (!shell) return;
  // The announcement scrolls: the app's copy goes on from where the shell's was, so the text does not jump back. It
  // starts that far into its animation (a negative delay): asking the app's copy for its animation instead would make
  // the browser lay the whole new page out inside this task (docs/decisions/0082).
  const scrolled = Number(shell.querySelector('.promo-track')?.getAnimations?.()[0]?.currentTime ?? Number.NaN);
  const track = fresh.querySelector<HTMLElement>('.promo-track');
  if (track && Number.isFinite(scrolled)) track.style.animationDelay = `${-Math.round(scrolled)}ms`;
  const typed = typedIn(shell);
  shell.removeAttribute('id');
  shell.replaceWith(fresh);
  fresh.id = 'root';
  giveTo(fresh, typed);
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const FIELDS = 'input[name], select[name], textarea[name]';

/**
 * What the visitor did in the shell: the fields they changed (by name and place) and where focus (and the caret) was.
 */
interface Typed {
  fields: { name: string; index: number; field: Field }[];
  focus:
    { name: string; index: number; start: number | null; end: number | null } | { link: string; text: string } | null;
}

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Whether a field's value is no longer the one the page came with. */
function changed(field: Field): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * The fields of `root` by name, each with its place among the fields of that name (the frame is the same markup in
 * both).
 */
function fieldsOf(root: HTMLElement): { name: string; index: number; field: Field }[] {
  const seen = new Map<string, number>();
  return [...root.querySelectorAll<Field>(FIELDS)].map((field) => {
    const index = seen.get(field.name) ?? 0;
    seen.set(field.name, index + 1);
    return { name: field.name, index, field };
  });
}

function typedIn(shell: HTMLElement): Typed {
  const fields = fieldsOf(shell);
  const active = document.activeElement;
  const focusedField = fields.find(({ field }) => field === active);
  let focus: Typed['focus'] = null;
  if (focusedField) {
    const { field } = focusedField;
    const caret = field instanceof HTMLSelectElement ? null : selection(field);
    focus = {
      name: focusedField.name,
      index: focusedField.index,
      start: caret?.start ?? null,
      end: caret?.end ?? null,
    };
  } else if (active instanceof HTMLAnchorElement && shell.contains(active)) {
    focus = { link: active.getAttribute('href') ?? '', text: active.textContent ?? '' };
  }
  return { fields: fields.filter(({ field }) => changed(field)), focus };
}

/** The caret of a text field (null for a type without one, e.g. a number input, which throws on reading it). */
function selection(field: HTMLInputElement | HTMLTextAreaElement): { start: number | null; end: number | null } | null {
  try {
    return { start: field.selectionStart, end: field.selectionEnd };
  } catch {
    return null;
  }
}

/**
 * The shell's typing, given to the app's same fields through the value setter of the element's type and an input
 * (or change) event, as typing does, so the app's state (a controlled field) takes it; focus and the caret follow.
 */
function giveTo(app: HTMLElement, typed: Typed): void {
  const fields = fieldsOf(app);
  const twin = (name: string, index: number) =>
    fields.find((field) => field.name === name && field.index === index)?.field;
  for (const { name, index, field } of typed.fields) {
    const target = twin(name, index);
    if (!target || target.tagName !== field.tagName) continue;
    if (isToggle(target)) {
      if (isToggle(field) && target.checked !== field.checked) target.click();
      continue;
    }
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(target) as object, 'value')?.set?.call(target, field.value);
    target.dispatchEvent(new Event(target instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
  const { focus } = typed;
  if (!focus) return;
  if ('link' in focus) {
    [...app.querySelectorAll('a')]
      .find((link) => link.getAttribute('href') === focus.link && link.textContent === focus.text)
      ?.focus();
    return;
  }
  const target = twin(focus.name, focus.index);
  if (!target) return;
  target.focus();
  if (!(target instanceof HTMLSelectElement) && focus.start !== null && focus.end !== null) {
    try {
      target.setSelectionRange(focus.start, focus.end);
    } catch {
      // A type without a caret.
    }
  }
}
