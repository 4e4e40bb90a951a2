/** The channel dialog's form: its values, and how they come from a channel and go to the server. */
import type { Wallet } from '@beurs/contracts';
import type { DepositChannel, DepositChannelInput } from '../../api/queries';

export interface ChannelForm {
  type: 'crypto' | 'bank';
  asset: string;
  network?: string;
  address?: string;
  bank?: { bankName: string; accountName: string; iban: string; swift: string; bankAddress: string };
  walletType: Wallet;
  minAmount: string;
  confirmations: number;
  enabled: boolean;
}

export const emptyForm: ChannelForm = {
  type: 'crypto',
  asset: '',
  walletType: 'US_STOCK',
  minAmount: '1',
  confirmations: 3,
  enabled: true,
};

export function toForm(channel: DepositChannel): ChannelForm {
  return {
    type: channel.type,
    asset: channel.asset,
    network: channel.network ?? undefined,
    address: channel.address ?? undefined,
    bank: channel.bank ?? undefined,
    walletType: channel.walletType,
    minAmount: channel.minAmount,
    confirmations: channel.confirmations,
    enabled: channel.enabled,
  };
}

export function toInput(form: ChannelForm): DepositChannelInput {
  const crypto = form.type === 'crypto';
  const bank = form.bank;
  return {
    type: form.type,
    asset: form.asset.trim().toUpperCase(),
    network: crypto ? (form.network?.trim() ?? null) : null,
    address: crypto ? (form.address?.trim() ?? null) : null,
    bank:
      !crypto && bank
        ? {
            bankName: bank.bankName.trim(),
            accountName: bank.accountName.trim(),
            iban: bank.iban.replace(/\s+/g, '').toUpperCase(),
            swift: bank.swift.trim().toUpperCase(),
            bankAddress: bank.bankAddress.trim(),
          }
        : null,
    walletType: form.walletType,
    minAmount: form.minAmount.trim(),
    confirmations: crypto ? (form.confirmations ?? 3) : 0,
    enabled: form.enabled,
  };
}

/** A field that must hold more than spaces. */
export const required = (message: string) => [{ required: true, whitespace: true, message }];
