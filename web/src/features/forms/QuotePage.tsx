import { EnquiryForm, enquiryAction } from './EnquiryForm';

export const action = enquiryAction('quote');

export default function QuotePage() {
  return (
    <EnquiryForm
      kind="quote"
      title="Custom Printing"
      intro="Tees, hoodies, tumblers, gift wrap and more, printed with your design. List the items and quantities and describe your idea; we send a quote within two working days."
    />
  );
}
