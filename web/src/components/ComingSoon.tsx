/** A page that a later change fills in. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      <p>This page is on its way.</p>
    </section>
  );
}
