/**
 * The custom printing page's heading and what it offers: its first screen, also rendered into its first HTML
 * (app/firstScreens.tsx, docs/decisions/0120).
 */
export function QuoteIntro() {
  return (
    <>
      <h1>Custom Printing</h1>
      <p>
        Tees, hoodies, tumblers, gift wrap and more, printed with your design. List the items and quantities and
        describe your idea; we send a quote within two working days.
      </p>
    </>
  );
}
