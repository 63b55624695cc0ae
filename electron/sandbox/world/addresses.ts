// Delivery and warehouse addresses of the seeded world, drawn from a few real cities so that
// intra-state (CGST+SGST) and inter-state (IGST) invoices both occur.
import type { Address } from './model.js';
import type { Rng } from './rng.js';

const CITIES = [
  { city: 'Bengaluru', stateName: 'Karnataka', stateCode: 'KA', pincode: '560001' },
  { city: 'Mumbai', stateName: 'Maharashtra', stateCode: 'MH', pincode: '400001' },
  { city: 'Delhi', stateName: 'Delhi', stateCode: 'DL', pincode: '110001' },
  { city: 'Chennai', stateName: 'Tamil Nadu', stateCode: 'TN', pincode: '600001' },
];

export function makeAddress(rng: Rng, firstName: string, lastName: string): Address {
  const c = rng.pick(CITIES);
  return {
    firstName,
    lastName,
    addressLine1: `${rng.int(1, 400)}, ${rng.pick(['MG Road', 'Station Road', 'Park Street', 'Ring Road'])}`,
    addressLine2: rng.pick(['Near City Mall', 'Opp. Bus Stand', 'Sector 4', '']),
    city: c.city,
    stateName: c.stateName,
    stateCode: c.stateCode,
    pincode: c.pincode,
    contactNumber: `9${String(rng.int(100000000, 999999999))}`,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
  };
}

