// @vitest-environment happy-dom
// The Listings screen over a real app station and test sandbox: the shared listing rules stop a
// wrong listing at its field before anything is sent, a quick price edit really changes the
// price, and a bulk file names its bad rows.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ListingsScreen from '../../renderer/src/screens/listings/index.js';
import { switchLanguage } from '../../renderer/src/i18n/i18n.js';
import type { TestAppStation } from '../support/app-station.js';
import { describedBy as description, useScreenStation } from './screen-harness.js';

const screenStation = useScreenStation(<ListingsScreen />);
const { show, sent } = screenStation;
let app: TestAppStation;
beforeAll(() => void (app = screenStation.app));


async function openForm() {
  const user = userEvent.setup();
  show();
  await user.click(screen.getByRole('tab', { name: 'Create or update a listing' }));
  const form = await screen.findByRole('form', { name: 'Listing' });
  return { user, form };
}

describe('Listings screen', () => {
  it('shows a package name over 64 characters at that field and sends nothing', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('SKU'), 'NEW-SKU-1');
    const name = within(form).getByLabelText('Package 1 name');
    fireEvent.change(name, { target: { value: 'x'.repeat(70) } });
    fireEvent.blur(name);

    expect(name.id).toBe('lf-packages-0-name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(description(name)).toContain('Package 1 name has 70 characters; at most 64.');

    await user.click(within(form).getByRole('button', { name: 'Create listing' }));
    expect(within(form).getByRole('status').textContent).toMatch(/Not sent/);
    expect(sent).not.toContain('listings.save');
  });

  it('loads a listing, refuses a selling price above the MRP at its field, and leaves the listing as it was', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('SKU'), 'KTL-BLK-005');
    await user.click(within(form).getByRole('button', { name: 'Load this SKU' }));
    await within(form).findByText('Listing KTL-BLK-005 loaded for update.');
    const mrp = within(form).getByLabelText('MRP (₹)') as HTMLInputElement;
    const sp = within(form).getByLabelText('Selling price (₹)');
    const before = Number(mrp.value);
    await user.clear(sp);
    await user.type(sp, String(before + 100));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(sp.getAttribute('aria-invalid')).toBe('true');
    expect(description(sp)).toContain(`Selling price (${before + 100}) must not be above MRP (${before}).`);
    // The summary at the top names the field as the form does; the wrong field has the focus.
    const summary = within(form).getByRole('alert');
    expect(within(summary).getByRole('list', { name: 'Fields to correct' }).textContent).toBe(`Selling price (${before + 100}) must not be above MRP (${before}).`);
    expect(form.firstElementChild?.nextElementSibling).toBe(summary);
    await waitFor(() => expect(document.activeElement).toBe(sp));
    expect(sent).not.toContain('listings.save');
    const after = await app.api.invoke('listings.get', { sku: 'KTL-BLK-005' });
    expect((after.record?.price as { mrp: number }).mrp).toBe(before);
  });

  it('says the shelf life in days, as typed, and focuses the first wrong field from the summary', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('SKU'), 'NEW-SKU-2');
    const life = within(form).getByLabelText('Shelf life (days)');
    await user.type(life, '2000');
    await user.click(within(form).getByRole('button', { name: 'Create listing' }));
    expect(description(life)).toContain('Shelf life (2000 days) must not be longer than 1800 days (60 months).');
    const summary = within(form).getByRole('list', { name: 'Fields to correct' });
    expect(summary.textContent).not.toMatch(/seconds|172800000|\$\.|price\.|dating_label/);
    await user.click(within(summary).getByRole('link', { name: /Shelf life/ }));
    await waitFor(() => expect(document.activeElement).toBe(life));
    expect(sent).not.toContain('listings.save');
  });

  it('saves a loaded listing with a changed package name, and the marketplace keeps it', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('SKU'), 'KTC-STD-001');
    await user.click(within(form).getByRole('button', { name: 'Load this SKU' }));
    await within(form).findByText('Listing KTC-STD-001 loaded for update.');
    const name = within(form).getByLabelText('Package 1 name');
    await user.clear(name);
    await user.type(name, 'Cooker carton');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await within(form).findByText(/Listing KTC-STD-001 saved/);
    const after = await app.api.invoke('listings.get', { sku: 'KTC-STD-001' });
    expect((after.record?.packages as { name: string }[])[0].name).toBe('Cooker carton');
  });

  it('quick-edits a price: success words, and the new price after searching again', async () => {
    const user = userEvent.setup();
    show();
    const search = screen.getByRole('form', { name: 'Search listings' });
    await user.type(within(search).getByLabelText('Search text'), 'Kettle');
    await user.click(within(search).getByRole('button', { name: 'Search' }));
    const button = await screen.findByRole('button', { name: 'Quick edit KTL-BLK-005' });
    await user.click(button);
    const form = screen.getByRole('form', { name: 'Quick edit KTL-BLK-005' });
    const mrp = Number((within(form).getByLabelText('MRP (₹)') as HTMLInputElement).value);
    const sp = within(form).getByLabelText('Selling price (₹)');
    await user.clear(sp);
    await user.type(sp, String(mrp - 1));
    await user.click(within(form).getByRole('button', { name: 'Save price and stock' }));

    await screen.findByText(/KTL-BLK-005: saved\./);
    // Opened again for another edit, the row no longer shows the last edit's words; nor after a new search.
    await user.click(screen.getByRole('button', { name: 'Quick edit KTL-BLK-005' }));
    expect(screen.queryByText(/KTL-BLK-005: saved\./)).toBeNull();
    await user.click(within(screen.getByRole('form', { name: 'Quick edit KTL-BLK-005' })).getByRole('button', { name: /Cancel/ }));
    cleanup();
    show();
    // The store keeps the last query; a new search reads the marketplace again.
    await user.click(within(screen.getByRole('form', { name: 'Search listings' })).getByRole('button', { name: 'Search' }));
    const row = (await screen.findByRole('cell', { name: 'KTL-BLK-005' })).closest('tr')!;
    await waitFor(() => expect(row.textContent).toContain(`₹${(mrp - 1).toLocaleString('en-IN')}`));
  });

  it('previews a CSV and names the bad row by its number', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'Bulk from CSV' }));
    const form = screen.getByRole('form', { name: 'Bulk change' });
    const csv = ['sku,product_id,mrp,selling_price', 'KTL-BLK-005,KTLP4BPLIKTURJ6V,1299,999', 'KTL-SLV-002,KTLK945AE7OHZPMD,1000,1500'].join('\n');
    fireEvent.change(within(form).getByLabelText('Or paste the CSV'), { target: { value: csv } });
    await user.click(within(form).getByRole('button', { name: 'Preview' }));

    const summary = await screen.findByText(/1 row has a problem/);
    expect(summary.textContent).toContain('row 3');
    expect(summary.textContent).not.toContain('row 2');
    const table = screen.getByRole('table', { name: 'What the file will change' });
    const row3 = within(table).getByRole('cell', { name: '3' }).closest('tr')!;
    expect(row3.textContent).toMatch(/selling/i);
    expect(sent).not.toContain('listings.bulkApply');
  });

  it('applies a price CSV: the button counts only the rows that change, and only those SKUs are sent', async () => {
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'Bulk from CSV' }));
    const form = screen.getByRole('form', { name: 'Bulk change' });
    const same = (await app.api.invoke('listings.get', { sku: 'BOK-HB-002' })).record as { product_id: string; price: { mrp: number; selling_price?: number; marketplace_selling_price?: number } };
    const csv = [
      'sku,product_id,mrp,selling_price',
      'BOK-HB-001,9789896052645,599,450',
      `BOK-HB-002,${same.product_id},${same.price.mrp},${same.price.selling_price ?? same.price.marketplace_selling_price}`,
      'BOK-HB-003,9780298390229,299,199',
    ].join('\n');
    fireEvent.change(within(form).getByLabelText('Or paste the CSV'), { target: { value: csv } });
    await user.click(within(form).getByRole('button', { name: 'Preview' }));
    await screen.findByText('2 of 3 rows change something. No problems.');
    const sentBefore = sent.length;
    await user.click(within(form).getByRole('button', { name: 'Apply 2 changes' }));

    await screen.findByText('All 2 SKUs changed.');
    const results = screen.getByRole('table', { name: 'Result per SKU' });
    expect(within(results).getByRole('cell', { name: 'BOK-HB-001' }).closest('tr')!.textContent).toContain('saved');
    expect(within(results).queryByRole('cell', { name: 'BOK-HB-002' })).toBeNull();
    expect(sent.slice(sentBefore).filter((c) => c === 'listings.bulkApply')).toHaveLength(1);
    const after = await app.api.invoke('listings.get', { sku: 'BOK-HB-003' });
    const price = after.record?.price as { selling_price?: number; marketplace_selling_price?: number };
    expect(price.selling_price ?? price.marketplace_selling_price).toBe(199);
  });
});

describe('Listings screen in Hindi', () => {
  afterEach(() => switchLanguage('en'));

  it('finds a listing and quick-edits its price in Hindi: refused above the MRP in Hindi, then changed at the marketplace', async () => {
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('लिस्टिंग');
    expect(screen.getByRole('tab', { name: 'खोजें और जल्दी बदलें' }).getAttribute('aria-selected')).toBe('true');
    const search = screen.getByRole('form', { name: 'लिस्टिंग में खोजें' });
    await user.clear(within(search).getByLabelText('खोज'));
    await user.type(within(search).getByLabelText('खोज'), 'Kettle{Enter}');
    await user.click(await screen.findByRole('button', { name: 'KTL-BLK-005 जल्दी बदलें' }));
    const form = screen.getByRole('form', { name: 'KTL-BLK-005 जल्दी बदलें' });
    const mrp = Number((within(form).getByLabelText('MRP (₹)') as HTMLInputElement).value);
    const sp = within(form).getByLabelText('बिक्री दाम (₹)');
    await user.clear(sp);
    await user.type(sp, `${mrp + 1}{Enter}`);
    expect(description(sp)).toBe(`बिक्री दाम (${mrp + 1}) MRP (${mrp}) से ज़्यादा नहीं हो सकता।`);
    expect(sent).not.toContain('listings.quickEdit');
    await user.clear(sp);
    await user.type(sp, String(mrp - 2));
    await user.click(within(form).getByRole('button', { name: 'दाम और स्टॉक सेव करें' }));
    await screen.findByText(/^KTL-BLK-005: सेव हो गया।/);
    // What happened: the marketplace holds the new price.
    const after = await app.api.invoke('listings.get', { sku: 'KTL-BLK-005' });
    expect(JSON.stringify(after.record)).toContain(`"selling_price":${mrp - 2}`);
    // The price in the list, in hi-IN rupees.
    const row = (await screen.findByRole('cell', { name: 'KTL-BLK-005' })).closest('tr')!;
    const rupees = new Intl.NumberFormat('hi-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 0, maximumFractionDigits: 2 }).format(mrp - 2);
    await waitFor(() => expect(row.textContent).toContain(rupees));
  });

  it('the full listing form in Hindi: labels, hints, each rule error at its field and in the summary, nothing sent', async () => {
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'लिस्टिंग बनाएँ या बदलें' }));
    const form = await screen.findByRole('form', { name: 'लिस्टिंग' });
    expect(within(form).getByRole('heading', { level: 2 }).textContent).toBe('नई लिस्टिंग');
    await user.type(within(form).getByLabelText('SKU'), 'NEW-SKU-HI');
    const name = within(form).getByLabelText('पैकेज 1 का नाम');
    expect(description(name)).toBe('ज़्यादा से ज़्यादा 64 अक्षर।');
    fireEvent.change(name, { target: { value: 'x'.repeat(70) } });
    fireEvent.blur(name);
    expect(description(name)).toContain('पैकेज 1 का नाम में 70 अक्षर हैं; ज़्यादा से ज़्यादा 64।');
    await user.type(within(form).getByLabelText('MRP (₹)'), '100');
    await user.type(within(form).getByLabelText('बिक्री दाम (₹)'), '150');
    const life = within(form).getByLabelText('शेल्फ लाइफ़ (दिन)');
    await user.type(life, '2000');
    await user.click(within(form).getByRole('button', { name: 'लिस्टिंग बनाएँ' }));

    expect(description(within(form).getByLabelText('बिक्री दाम (₹)'))).toContain('बिक्री दाम (150) MRP (100) से ज़्यादा नहीं हो सकता।');
    expect(description(life)).toContain('शेल्फ लाइफ़ (2000 दिन) 1800 दिन (60 महीने) से ज़्यादा नहीं हो सकती।');
    expect(description(within(form).getByLabelText('प्रोडक्ट ID'))).toContain('प्रोडक्ट ID ज़रूरी है।');
    const summary = within(form).getByRole('alert');
    expect(summary.textContent).toMatch(/^नहीं भेजा। पहले ये फ़ील्ड ठीक करें:/);
    expect(within(summary).getByRole('list', { name: 'ठीक करने वाली फ़ील्ड' }).textContent).toContain('बिक्री दाम (150) MRP (100) से ज़्यादा नहीं हो सकता।');
    expect(within(form).getByRole('status').textContent).toMatch(/^नहीं भेजा: \d+ फ़ील्ड ठीक करनी हैं \(नीचे निशान लगा है\)।$/);
    // No English left in the form but codes, units and ids.
    // No English left in the form but the marketplace's codes (tax codes, fulfilment profiles), units and ids.
    const copy = form.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('#lf-tax-tax_code option, #lf-fulfillment_profile option').forEach((o) => o.remove());
    expect(copy.textContent!.replace(/NEW-SKU-HI|SKU|MRP|HSN|INR|IN, CN|kg|cm|LOC\w+/g, '').match(/[A-Za-z]{3,}/g)).toBeNull();
    expect(sent).not.toContain('listings.save');
  });

  it('the bulk CSV panel in Hindi: the preview names the bad row in Hindi, the results per SKU in Hindi, the price changed at the marketplace', async () => {
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'CSV से एक साथ' }));
    const form = screen.getByRole('form', { name: 'एक साथ बदलाव' });
    const before = (await app.api.invoke('listings.get', { sku: 'KTL-BLK-005' })).record as { product_id: string; price: { mrp: number } };
    const mrp = before.price.mrp;
    const csv = ['sku,product_id,mrp,selling_price', `KTL-BLK-005,${before.product_id},${mrp},${mrp - 7}`, 'KTL-SLV-002,KTLK945AE7OHZPMD,1000,1500', 'KTC-STD-001,X,12.5,10'].join('\n');
    await user.click(within(form).getByRole('button', { name: 'जाँचें' }));
    expect(description(within(form).getByLabelText('या CSV पेस्ट करें'))).toBe('पहले CSV फ़ाइल चुनें या उसका टेक्स्ट पेस्ट करें।');
    fireEvent.change(within(form).getByLabelText('या CSV पेस्ट करें'), { target: { value: csv } });
    await user.click(within(form).getByRole('button', { name: 'जाँचें' }));

    await screen.findByText('3 में से 1 लाइन कुछ बदलती है। 2 लाइनों में गड़बड़ है और वे छोड़ दी जाएँगी: लाइन 3, लाइन 4।');
    const table = screen.getByRole('table', { name: 'फ़ाइल क्या बदलेगी' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['लाइन', 'SKU', 'बदलाव', 'गड़बड़']);
    const row = (n: string) => within(table).getByRole('cell', { name: n }).closest('tr')!.textContent!;
    expect(row('3')).toContain('लाइन 3: बिक्री दाम (1500) MRP (1000) से ज़्यादा नहीं हो सकता।');
    expect(row('3')).toContain('नहीं बदला।');
    expect(row('4')).toContain('लाइन 4: MRP "12.5" पूरा नंबर नहीं है (दशमलव या कॉमा के बिना लिखें)।');
    expect(row('2')).toMatch(/बिक्री दाम \d+ → \d+।कोई नहीं$/);

    await user.click(within(form).getByRole('button', { name: '1 बदलाव लागू करें' }));
    await screen.findByText('सभी 1 SKU बदल गए।');
    const results = screen.getByRole('table', { name: 'हर SKU का नतीजा' });
    expect(within(results).getByRole('cell', { name: 'KTL-BLK-005' }).closest('tr')!.textContent).toMatch(/KTL-BLK-005: सेव हो गया। बिक्री दाम \d+ → \d+।/);
    // What happened: the marketplace holds the new price; the refused rows changed nothing.
    expect(JSON.stringify((await app.api.invoke('listings.get', { sku: 'KTL-BLK-005' })).record)).toContain(`"selling_price":${mrp - 7}`);
  });

  it('the bulk CSV panel in Hindi: a wrong header is refused in Hindi with what to do', async () => {
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'CSV से एक साथ' }));
    const form = screen.getByRole('form', { name: 'एक साथ बदलाव' });
    fireEvent.change(within(form).getByLabelText('या CSV पेस्ट करें'), { target: { value: 'sku,mrp,price\nA,1,1' } });
    await user.click(within(form).getByRole('button', { name: 'जाँचें' }));
    await waitFor(() =>
      expect(description(within(form).getByLabelText('या CSV पेस्ट करें'))).toBe(
        'दाम की फ़ाइल में लाइन 1 पर हेडर sku,product_id,mrp,selling_price होना चाहिए (product_id, selling_price नहीं है; "price" अनजान है)। टेम्पलेट या एक्सपोर्ट डाउनलोड करके उसी से शुरू करें।',
      ),
    );
    expect(sent).not.toContain('listings.bulkApply');
  });

  it('a barcode scanned into the Barcodes form waits for its SKU, and a SKU without a listing is refused in words', async () => {
    switchLanguage('en');
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'Barcodes' }));
    const form = await screen.findByRole('form', { name: 'Add a barcode' });
    const before = sent.filter((c) => c === 'barcodes.add').length;
    // A SKU left in the field from before; the scanner sends the code and Enter.
    await user.type(within(form).getByLabelText('SKU'), 'KTL-BLK-005');
    await user.type(within(form).getByLabelText('Barcode'), '8901112224440{Enter}');
    expect(sent.filter((c) => c === 'barcodes.add').length).toBe(before);
    expect(document.activeElement).toBe(within(form).getByLabelText('SKU'));
    expect(screen.getByText(/Barcode 8901112224440 read\. Type or check its SKU/)).toBeTruthy();
    expect((await app.api.invoke('barcodes.list', {})).some((l) => l.code === '8901112224440')).toBe(false);

    await user.clear(within(form).getByLabelText('SKU'));
    await user.type(within(form).getByLabelText('SKU'), 'NO-SUCH-SKU{Enter}');
    await waitFor(() => expect(description(within(form).getByLabelText('Barcode'))).toBe("NO-SUCH-SKU has no listing in this seller's account, so 8901112224440 was not linked. Check the SKU (Listings → Search shows the seller's SKUs) and add it again."));
    expect((await app.api.invoke('barcodes.list', {})).some((l) => l.code === '8901112224440')).toBe(false);

    await user.clear(within(form).getByLabelText('SKU'));
    await user.type(within(form).getByLabelText('SKU'), 'KTL-BLK-005{Enter}');
    await waitFor(async () => expect((await app.api.invoke('barcodes.list', {})).find((l) => l.code === '8901112224440')).toMatchObject({ sku: 'KTL-BLK-005', source: 'manual' }));
  });

  it("adds a product barcode from the Barcodes tab in Hindi: the desk's catalogue links it to the SKU", async () => {
    switchLanguage('hi');
    const user = userEvent.setup();
    show();
    await user.click(screen.getByRole('tab', { name: 'बारकोड' }));
    const form = await screen.findByRole('form', { name: 'बारकोड जोड़ें' });
    await user.click(within(form).getByRole('button', { name: 'बारकोड जोड़ें' }));
    expect(description(within(form).getByLabelText('बारकोड'))).toBe('बारकोड स्कैन करें या लिखें, और उसका SKU लिखें।');
    expect(sent).not.toContain('barcodes.add');
    await user.type(within(form).getByLabelText('बारकोड'), '8901112223337');
    await user.type(within(form).getByLabelText('SKU'), 'KTL-BLK-005{Enter}');
    const links = screen.getByRole('table', { name: 'बारकोड लिंक' });
    await waitFor(() => expect(within(links).getByRole('cell', { name: '8901112223337' }).closest('tr')!.textContent).toContain('यहाँ जोड़ा'));
    // What happened: the station's catalogue reads the barcode as that SKU.
    expect((await app.api.invoke('barcodes.list', {})).find((l) => l.code === '8901112223337')).toMatchObject({ sku: 'KTL-BLK-005', source: 'manual' });
    expect(within(links).getByRole('button', { name: 'बारकोड 8901112223337 हटाएँ' })).toBeTruthy();
  });
});
